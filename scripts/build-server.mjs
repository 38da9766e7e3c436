// Bundles the server into dist/server/main.js (and the seeding script into dist/server/seed.js):
// our TypeScript and its dependencies in one file each, so start-up reads and compiles one file.
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle-options.mjs';

await build({
  ...serverBundleOptions,
  entryPoints: { main: 'server/src/main.ts', seed: 'db/seed/run.ts' },
  outdir: 'dist/server',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
});
