/**
 * Every server under test (the app and both relays) runs compiled, as `npm start` runs the app
 * (the esbuild settings of scripts/server-bundle-options.mjs), not through tsx. tsx hooks every
 * module load, its dependencies' too, which added about a second to each (re)start and so
 * to the reconnect storm's down time. The bundle goes to dist/bench/serve.js: two levels under
 * the repository, like dist/server/main.js, so the migrations folder resolves the same way.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../server-bundle-options.mjs';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Builds serve.ts into one file (about a second); its path goes to BENCH_SERVE_BUNDLE. */
export async function buildServeBundle(): Promise<string> {
  const outfile = resolve(repoRoot, 'dist/bench/serve.js');
  await build({
    ...serverBundleOptions,
    entryPoints: [resolve(import.meta.dirname, 'serve.ts')],
    outfile,
    tsconfig: resolve(repoRoot, 'tsconfig.json'),
  });
  return outfile;
}
