/** Process entry: read config, start, stop cleanly on SIGTERM/SIGINT. */
import type { AddressInfo } from 'node:net';
import { walBatchState } from '@db/wal-batch.js';
import { ConfigError, loadConfig } from './config.js';
import { describeListening } from './listen-address.js';
import { startServer } from './server.js';
import { StartupError } from './startup-error.js';

const started = performance.now();
// Listened for from the first moment main runs, not once the server is up: a SIGTERM during the
// start (an orchestrator giving up on a slow start, a second rolling-restart step) got Node's
// default kill, exit 143 in the middle of the seed with its avatar files half written. A signal
// now waits for the start to finish and then stops as usual (the force timer bounds the wait).
let stop: ((signal: string) => void) | undefined;
let stopWhenStarted: string | undefined;
const onSignal = (signal: string) => {
  if (stop) return stop(signal);
  if (stopWhenStarted) return;
  stopWhenStarted = signal;
  console.log(`[server] ${signal} while starting: stopping once started`);
  exitIfStuck('started and stopped');
};
process.once('SIGTERM', () => onSignal('SIGTERM'));
process.once('SIGINT', () => onSignal('SIGINT'));

try {
  const config = loadConfig();
  const server = await startServer(config);
  stop = (signal: string) => {
    console.log(`[server] ${signal}: shutting down`);
    const stopping = performance.now();
    if (!stopWhenStarted) exitIfStuck('stopped'); // else the signal's own timer runs
    server.close().then(
      () => {
        console.log(`[server] stopped in ${Math.round(performance.now() - stopping)} ms`);
        process.exit(0);
      },
      (err: Error) => {
        console.error(`[server] stop failed: ${err.message}`);
        process.exit(1);
      },
    );
  };
  if (stopWhenStarted) {
    stop(stopWhenStarted);
  } else {
    const ms = Math.round(performance.now() - started);
    // Before the ready line, which tests and scripts wait for: by then this one has been printed.
    console.log(`[db] WAL writes: ${describeWalBatch()}`);
    console.log(`[server] ready on ${describeListening(server.http.address() as AddressInfo)} in ${ms} ms (${config.redisUrl ? 'redis' : 'embedded'} mode)`);
  }
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof StartupError) {
    console.error(`[server] cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

/** A stop that has not ended 10 s after its signal exits 1 (what a supervisor would do, with a line saying so). */
function exitIfStuck(what: string): void {
  const force = setTimeout(() => {
    console.error(`[server] still not ${what} after 10 s: exiting 1`);
    process.exit(1);
  }, 10_000);
  force.unref();
}

/** For the operator: whether commits write their WAL frames in one call (db/wal-batch.ts). */
function describeWalBatch(): string {
  const state = walBatchState();
  if (state === 'active') return 'one per commit (wal-batch)';
  if (state === 'off') return "SQLite's own, two per frame (SQLITE_WAL_BATCH=false)";
  if (state === 'missing') return "SQLite's own, two per frame (wal-batch not built: npm install with a C compiler builds it)";
  if (state === 'unset') return 'no database opened';
  return `SQLite's own, two per frame (wal-batch failed to load: ${state.failed})`;
}
