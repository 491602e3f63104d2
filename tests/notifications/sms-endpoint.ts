// A local HTTP endpoint standing in for an SMS provider's API: records each POST, can fail on demand.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRequest {
  authorization: string | undefined;
  body: { to: string; from: string | null; text: string };
}

export async function startSmsEndpoint() {
  const requests: SmsRequest[] = [];
  let failWith: number | null = null;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failWith) {
      res.writeHead(failWith, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'provider says no' }));
      return;
    }
    requests.push({
      authorization: req.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: `sms-${requests.length}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    requests,
    failWith(status: number | null) {
      failWith = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
