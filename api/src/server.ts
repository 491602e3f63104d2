// Starts and stops the HTTP server (the composition root calls it; tests listen on port 0).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/** Serves `app` on host:port; stop() refuses new connections and waits for in-flight requests. */
export function listen(app: Express, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
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
