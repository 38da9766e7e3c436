/**
 * The streams adapter reads the shared stream on connections of its own, duplicates of the
 * publisher it makes at start (one per stream, plus one it keeps for pub/sub), each waiting in
 * `XREAD BLOCK` for the next entry. A partition leaves such a reader waiting for ever while the
 * node publishes, unaware that it receives nothing from the other nodes. So they are probed too.
 * A PING on a reader waits behind its XREAD, which Redis answers within the block time even
 * when the stream is quiet, so a reader is given that long on top of the command time-out.
 */
import type { Redis } from 'ioredis';
import { watchLiveness, type LivenessTiming } from './redis-liveness.js';

/** How long the streams adapter's XREAD waits for an entry (its own default, set here so both agree). */
export const STREAM_READ_BLOCK_MS = 5_000;

/**
 * Watches every connection `publisher.duplicate()` makes from now on (the adapter's readers);
 * returns the function that stops all those probes.
 */
export function watchStreamReaders(publisher: Redis, commandTimeoutMs: number): () => void {
  const stops: Array<() => void> = [];
  const timing: LivenessTiming = { everyMs: commandTimeoutMs, timeoutMs: STREAM_READ_BLOCK_MS + commandTimeoutMs };
  const duplicate = publisher.duplicate.bind(publisher);
  publisher.duplicate = (...args: Parameters<Redis['duplicate']>) => {
    const reader = duplicate(...args);
    stops.push(watchLiveness(reader, `streams adapter ${stops.length + 1}`, timing));
    return reader;
  };
  return () => stops.forEach((stop) => stop());
}
