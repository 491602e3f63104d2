// The admins' SMTP test must not work as a port scanner: whatever sits at the host and port an admin types —
// nothing, a service that never speaks SMTP, or an SMTP server that refuses the login — the answer is the same.
import type { User } from '@prisma/client';
import net from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer, localSmtpSettings } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

const FAILED = {
  code: expect.any(String),
  error: 'Could not send the test email. Check the SMTP settings and try again.',
};

/** Accepts TCP connections and never says a word (no SMTP greeting). */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DATABASE_KINDS)('the SMTP test as a port probe on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let refusing: TestSmtpServer;
  let working: TestSmtpServer;
  let closed: number;
  const logged: Array<{ msg?: string; port?: number; err?: { message?: string } }> = [];

  beforeAll(async () => {
    [silent, refusing, working, closed] = await Promise.all([
      startSilentServer(),
      startSmtpServer({ rejectAuth: true }),
      startSmtpServer(),
      closedPort(),
    ]);
    app = await startTestApp(kind, {
      // Short enough to keep the silent case quick, long enough for a busy machine's refusing server to greet.
      env: { SMTP_TEST_TIMEOUT_MS: '1500' },
      logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    });
    admin = await app.signedIn({ isAdmin: true, googleEmail: `smtp-admin-${kind}@example.org` });
  });
  afterAll(async () => {
    await app.stop();
    await Promise.all([silent.stop(), refusing.stop(), working.stop()]);
  });

  async function saveSettings(port: number) {
    const res = await admin.client.post('/api/smtp-settings', localSmtpSettings(port));
    expect(res.status).toBe(200);
  }

  async function probe(port: number, path = '/api/smtp-settings/test') {
    await saveSettings(port);
    const res = await admin.client.post(path, { testEmail: 'probe@example.org' });
    return { status: res.status, body: res.body as unknown };
  }

  it('When an admin aims the test at a closed port, a silent port and a server refusing the login, then all three answers are the same 502', async () => {
    logged.length = 0;
    const answers = [await probe(closed), await probe(silent.port), await probe(refusing.port)];

    expect(answers).toEqual([
      { status: 502, body: FAILED },
      { status: 502, body: FAILED },
      { status: 502, body: FAILED },
    ]);
    // The silent port really was reached (an open port), and the refusing server got no message.
    expect(silent.connections()).toBeGreaterThan(0);
    expect(refusing.messages).toEqual([]);
    // The real causes are in the server's log, for the operator.
    const causes = logged.filter((line) => line.msg === 'SMTP test send failed');
    expect(causes.map((line) => [line.port, line.err?.message])).toEqual([
      [closed, expect.stringContaining('ECONNREFUSED')],
      // Its greeting and socket timers run out together; on a busy machine either may speak first.
      [silent.port, expect.stringMatching(/Greeting never received|Timeout/)],
      [refusing.port, expect.stringContaining('535')],
    ]);
  });

  it('When the templates are tested against a closed and a silent port, then the email failures read the same', async () => {
    const answers = [
      await probe(closed, '/api/test-notification-template'),
      await probe(silent.port, '/api/test-notification-template'),
    ];
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(502);
    expect(answers[0]!.body).toEqual({
      code: expect.any(String),
      error: `No test notification could be sent. Email: failed (${FAILED.error.replace(/\.$/, '')}). SMS: skipped (Your account has no phone number)`,
    });
  });

  it('When the settings point at a working SMTP server, then the test email is delivered with the short timeout', async () => {
    const answer = await probe(working.port);
    expect(answer).toEqual({ status: 200, body: { success: true, message: 'Test email sent to probe@example.org' } });
    const [mail] = await working.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['probe@example.org']);
  });
});
