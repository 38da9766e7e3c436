/**
 * GET /dev/realtime-stats (outside production): this node's id, adapter, open sockets and the
 * adapter traffic it received, so tests and benchmarks can check which node paid for which room.
 */
import type { ServerResponse } from 'node:http';
import type { Realtime } from './io.js';

export const REALTIME_STATS_PATH = '/dev/realtime-stats';

export function sendRealtimeStats(res: ServerResponse, realtime: Realtime): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(realtime.stats()));
}
