// Starts and stops the HTTP server. Tests call these with port 0 against a real database.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppExtras } from './app';
import type { AppDeps } from './deps';

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export function startWebServer(
  deps: AppDeps,
  options: { host?: string; port?: number } & AppExtras = {},
): Promise<RunningServer> {
  const app = createApp(deps, options);
  const host = options.host ?? deps.config.host;
  const port = options.port ?? deps.config.port;
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
