/** Environment of a real server process under test (same variables main.ts reads). */
import { BENCH_SESSION_SECRET } from './fixture.js';

export function appEnv(databaseFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_FILE: databaseFile,
    SEED_ON_START: 'false',
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_REQUESTS: 'false',
    ...extra,
  };
}
