/**
 * Builds what a benchmark measures when the build is missing or older than its sources, so a
 * bench never measures stale output and never rebuilds for nothing. BENCH_REBUILD=1 forces it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

// All of db/ (schema, seed, client, prepared statements, group commit...) except db/data, the default DATA_DIR.
const serverSources = ['server/src', 'shared/src', 'db', 'scripts/build-server.mjs'];
const clientSources = ['client', 'shared/src'];

export function ensureServerBuild(): void {
  ensureBuilt('server', 'dist/server/main.js', serverSources, 'build:server');
}

export function ensureClientBuild(): void {
  ensureBuilt('client', 'dist/client/index.html', clientSources, 'build:client');
}

function ensureBuilt(what: string, output: string, sources: string[], script: string): void {
  const outFile = resolve(repoRoot, output);
  const stale = !existsSync(outFile) || newestMtime(sources) > statSync(outFile).mtimeMs;
  if (!stale && process.env.BENCH_REBUILD !== '1') return;
  console.log(`[bench] building the ${what} (npm run ${script})`);
  execFileSync('npm', ['run', '--silent', script], { cwd: repoRoot, stdio: 'inherit' });
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist' && entry !== 'data' && !entry.startsWith('.')) visit(join(path, entry));
      }
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(resolve(repoRoot, p));
  return newest;
}
