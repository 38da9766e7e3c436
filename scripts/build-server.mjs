// Bundles the server into dist/server/main.js. Dependencies stay external (node_modules),
// only our TypeScript (server, shared, db) is compiled, so start-up parses one small file.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];

await build({
  entryPoints: { main: 'server/src/main.ts', seed: 'db/seed/run.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
