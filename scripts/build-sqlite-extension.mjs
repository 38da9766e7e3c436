#!/usr/bin/env node
/**
 * Compiles the wal-batch SQLite extension (db/native/wal_batch.c) into
 * db/native/build/wal_batch.so, against the SQLite headers better-sqlite3 ships. Runs at
 * `npm install` (postinstall) and before `npm run build`; skips when the library is newer than
 * its source. Without a C compiler it says so and exits 0: the server then runs on SQLite's own
 * VFS (db/wal-batch.ts), so an install never fails for want of this optimisation.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'db/native/wal_batch.c');
const output = join(root, 'db/native/build/wal_batch.so');

function sqliteHeaders() {
  const require = createRequire(import.meta.url);
  const pkg = dirname(require.resolve('better-sqlite3/package.json'));
  return join(pkg, 'deps/sqlite3');
}

function upToDate() {
  return existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
}

if (process.platform === 'win32') {
  console.log('[wal-batch] not built on Windows: SQLite writes its WAL unbatched');
} else if (upToDate()) {
  // Nothing to do.
} else {
  mkdirSync(dirname(output), { recursive: true });
  const compiler = process.env.CC || 'cc';
  // Built beside the library and renamed over it: a running server that has the old one mapped
  // keeps its copy, where writing into the same file would pull pages from under it.
  const building = `${output}.${process.pid}.tmp`;
  const args = ['-O2', '-fPIC', '-shared', '-Wall', '-I', sqliteHeaders(), source, '-o', building];
  if (process.platform === 'darwin') args.splice(3, 0, '-undefined', 'dynamic_lookup');
  try {
    execFileSync(compiler, args, { stdio: 'inherit' });
    renameSync(building, output);
    console.log(`[wal-batch] built ${output}`);
  } catch (err) {
    rmSync(building, { force: true });
    console.warn(`[wal-batch] could not compile (${err.message.split('\n')[0]}); SQLite writes its WAL unbatched`);
  }
}
