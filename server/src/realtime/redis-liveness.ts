/**
 * Notices a Redis connection that stopped answering without closing. A network partition drops
 * packets and closes nothing: ioredis keeps the connection `ready`, publishes neither fail nor
 * arrive, and the kernel gives up on the connection only after a quarter of an hour. Until then
 * the node did not know it had lost Redis, so none of the outage rules applied: emits went into
 * the void instead of to this node's own sockets (`publishDown`), and no member was told to catch
 * up. A PING every `everyMs` that gets no answer within `timeoutMs` drops the connection; ioredis
 * reconnects, and the close and the next ready are the outage and its recovery (redis-recovery.ts).
 * Dropped by destroying the socket: ioredis's disconnect(true) only ends it (a FIN), and over a
 * partition the FIN is never answered, so the connection was not closed until the partition ended.
 */
import type { Redis } from 'ioredis';

export interface LivenessTiming {
  everyMs: number;
  timeoutMs: number;
}

/** What this needs of an ioredis client (a fake in tests). */
type Probed = Pick<Redis, 'ping' | 'status'> & { stream: Pick<Redis['stream'], 'destroy'> };

export function watchLiveness(client: Probed, name: string, timing: LivenessTiming): () => void {
  let probing = false;
  const timer = setInterval(() => {
    if (probing || client.status !== 'ready') return;
    probing = true;
    let answered = false;
    const deadline = setTimeout(() => {
      // A turn of the event loop longer than the time-out fires this before the answer waiting in
      // the socket is read; setImmediate runs after that read, so a busy node is not taken for a
      // dead connection (which would send every member of the node to catch up).
      setImmediate(() => {
        probing = false;
        if (answered || client.status !== 'ready') return;
        console.error(`[realtime] redis ${name}: no answer to PING in ${timing.timeoutMs} ms; reconnecting`);
        client.stream.destroy();
      });
    }, timing.timeoutMs);
    // A failed PING counts as an answer: ioredis knows that connection is gone and reconnects itself.
    const settled = () => {
      answered = true;
      probing = false;
      clearTimeout(deadline);
    };
    client.ping().then(settled, settled);
  }, timing.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
