import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@shared': root('./shared/src'), '@db': root('./db') },
  },
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Server tests open real SQLite files, sockets and Redis; keep parallelism modest on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
