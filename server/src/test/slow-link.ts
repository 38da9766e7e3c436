/**
 * A TCP link to a local port that delays every chunk by `delayMs` each way, in order: one node's
 * network to Redis being slower than another's (another zone, a loaded host), as in production.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface SlowLink {
  /** redis://127.0.0.1:<link port> */
  url: string;
  close(): Promise<void>;
}

export async function openSlowLink(targetPort: number, delayMs: number): Promise<SlowLink> {
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
    // Same delay for every chunk, so each direction keeps its order.
    const relay = (from: Socket, to: Socket) => from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.destroy();
      return closed;
    },
  };
}
