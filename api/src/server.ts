// Starts and stops the HTTP server (the composition root calls it; tests listen on port 0).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves `app` (Express's app, or one with the hot reads in front of it) on host:port; stop() refuses new
 * connections and waits for in-flight requests.
 */
export function listen(app: RequestListener, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(app).listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: `http://${shownHost === '0.0.0.0' ? 'localhost' : shownHost}:${address.port}`,
        stop: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
          }),
      });
    });
  });
}
