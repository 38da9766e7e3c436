/** The small IPC protocol between the bench (parent) and a pinned server process (serve.ts). */
export type ServeKind = 'app' | 'sio' | 'ws';

export type ServeRequest =
  /** collect garbage (needs --expose-gc) and report the heap */
  | { id: number; type: 'heap' }
  /** restart the event-loop delay histogram */
  | { id: number; type: 'eld-reset' }
  | { id: number; type: 'eld' }
  | { id: number; type: 'cpu' }
  /** garbage-collection pauses since the previous 'gc' request */
  | { id: number; type: 'gc' };

export type ServeReply =
  | { id: number; type: 'heap'; heapUsed: number; rss: number }
  | { id: number; type: 'eld'; p50: number; p99: number; max: number }
  /** `atMs`: the server's clock (epoch ms) when it read its CPU time; under load the reply arrives much later */
  | { id: number; type: 'cpu'; userMicros: number; systemMicros: number; atMs: number }
  | { id: number; type: 'gc'; count: number; totalMs: number; maxMs: number; majorCount: number }
  | { id: number; type: 'ok' };

/** `uptimeMs`: the server process's own age when it listened (its start, without the spawn around it) */
export type ServeEvent = { type: 'ready'; port: number; uptimeMs: number } | { type: 'failed'; message: string };

/** Event-loop delay sampling period; Node's histogram includes it, so it is subtracted. */
export const ELD_RESOLUTION_MS = 10;
