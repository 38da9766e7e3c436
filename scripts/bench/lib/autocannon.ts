/**
 * Runs the autocannon CLI as its own process (pinned to the load core) and returns the numbers
 * the benches print. A separate process keeps the load generator off the measured server's core.
 */
import { resolve } from 'node:path';
import { repoRoot } from './build.js';
import { LOAD_CORE, pinned } from './cpu.js';
import { runToEnd } from './processes.js';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  failed: number;
  bytesPerResponse: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const cli = resolve(repoRoot, 'node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  const { command, args: pinnedArgs } = pinned(LOAD_CORE, process.execPath, args);
  const out = await runToEnd(command, pinnedArgs);
  const json = JSON.parse(out.slice(out.indexOf('{'))) as AutocannonJson;
  const ok = json['2xx'];
  return {
    requestsPerSecond: json.requests.average,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    ok,
    failed: json.non2xx + json.errors + json.timeouts,
    bytesPerResponse: ok ? Math.round(json.throughput.total / json.requests.total) : 0,
  };
}
