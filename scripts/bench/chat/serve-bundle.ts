/**
 * Every server under test (the app and both relays) runs compiled, as `npm start` runs the app
 * (scripts/build-server.mjs: one esbuild bundle, dependencies external), not through tsx. tsx hooks
 * every module load, its dependencies' too, which added about a second to each (re)start and so
 * to the reconnect storm's down time. The bundle goes to dist/bench/serve.js: two levels under
 * the repository, like dist/server/main.js, so the migrations folder resolves the same way.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Builds serve.ts into one file (about a second); its path goes to BENCH_SERVE_BUNDLE. */
export async function buildServeBundle(): Promise<string> {
  const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
  const outfile = resolve(repoRoot, 'dist/bench/serve.js');
  await build({
    entryPoints: [resolve(import.meta.dirname, 'serve.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})],
    tsconfig: resolve(repoRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return outfile;
}
