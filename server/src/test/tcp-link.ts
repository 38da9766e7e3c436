/**
 * A TCP link to a local port that a test can cut and restore: what one server node sees when its
 * own network to Redis fails while the other nodes' does not (a Redis restart cuts every node).
 * With `delayMs`, every chunk waits that long each way, in order: one node's network to Redis
 * slower than another's (another zone, a loaded host), as in production.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface TcpLink {
  /** redis://127.0.0.1:<link port> */
  url: string;
  /** drops every open connection and refuses new ones (the port stops listening) */
  cut(): Promise<void>;
  /** listens on the same port again */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function openTcpLink(targetPort: number, { delayMs = 0 } = {}): Promise<TcpLink> {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        open.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    relay(client, upstream, delayMs);
    relay(upstream, client, delayMs);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.destroy();
    return closed;
  };
  await listen(0);
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: stop,
    restore: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

/** Same delay for every chunk, so each direction keeps its order. */
function relay(from: Socket, to: Socket, delayMs: number): void {
  if (delayMs === 0) from.pipe(to);
  else from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
}
