/**
 * A TCP link to Redis that a test can partition: nothing goes through either way and nothing is
 * closed, as when a network drops packets; what was sent meanwhile arrives after `heal()`, as
 * TCP retransmits it. (tcp-link.ts cuts instead: the connections close and the client knows.)
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface PartitionLink {
  /** redis://127.0.0.1:<link port> */
  url: string;
  partition(): void;
  heal(): void;
  /**
   * The connections open now carry nothing from here on, for good, while new ones go through: a
   * NAT or a load balancer that forgot them. Only a client that gives up on a connection and
   * opens another gets through.
   */
  forgetOpenConnections(): void;
  close(): Promise<void>;
}

export async function openPartitionLink(port: number): Promise<PartitionLink> {
  const sockets = new Set<Socket>();
  const forgotten = new Set<Socket>();
  let cut = false;
  const proxy: Server = createServer((downstream) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [downstream, upstream]) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        forgotten.delete(s);
        // One side closed (the client gave up on the connection): so does the other, as TCP would.
        downstream.destroy();
        upstream.destroy();
      });
      s.on('error', () => {});
      if (cut) s.pause();
    }
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    partition() {
      cut = true;
      for (const s of sockets) s.pause();
    },
    heal() {
      cut = false;
      for (const s of sockets) if (!forgotten.has(s)) s.resume();
    },
    forgetOpenConnections() {
      for (const s of sockets) {
        forgotten.add(s);
        s.pause();
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
