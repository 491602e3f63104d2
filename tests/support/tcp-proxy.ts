// A TCP relay on 127.0.0.1 that a test can cut and restore, to take a database away from the app the way an
// outage does: open connections drop and new ones are refused, until it is restored on the same port.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Rewrites a connection URL (postgresql://…) to go through the relay. */
  route(url: string): string;
  /** Drops every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /**
   * Cuts (as cut()) the moment a client sends bytes containing `text`, before they reach the server: a way to
   * lose the connection at an exact point, such as the middle of a transaction. Resolves once it has cut.
   */
  cutWhenSent(text: string): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let trigger: { text: string; fire: () => void } | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger.text)) {
        const { fire } = trigger;
        trigger = null;
        void cut().then(fire);
        return;
      }
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);

  async function cut() {
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  return {
    port,
    route(url) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(port);
      return routed.toString();
    },
    cut,
    cutWhenSent: (text) => new Promise<void>((fire) => (trigger = { text, fire })),
    async restore() {
      if (!server.listening) await listen(port);
    },
    close: cut,
  };
}
