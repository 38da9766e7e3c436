/**
 * `npm run bench -- <name>`: runs scripts/bench/<name>.ts. A bench is any .ts file in this folder
 * that exports `main(): Promise<void>` and a one-line `description`; adding one (e.g. chat.ts)
 * needs no change here. Benches are never part of `npm test`: they take minutes and their
 * numbers depend on the machine. A bench that misses its target sets exit code 1.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface BenchModule {
  main(): Promise<void>;
  description?: string;
}

const benchDir = import.meta.dirname;
const notBenches = new Set(['run.ts']);

function benchNames(): string[] {
  return readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !notBenches.has(f))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

async function load(name: string): Promise<BenchModule> {
  return (await import(pathToFileURL(resolve(benchDir, `${name}.ts`)).href)) as BenchModule;
}

async function printUsage(): Promise<void> {
  console.log('usage: npm run bench -- <name>\n');
  for (const name of benchNames()) {
    const bench = await load(name);
    console.log(`  ${name.padEnd(10)} ${bench.description ?? ''}`);
  }
}

const name = process.argv[2];
if (!name || name === '--help' || name === '-h') {
  await printUsage();
  process.exit(name ? 0 : 2);
}
if (!/^[a-z][a-z0-9-]*$/.test(name) || !existsSync(resolve(benchDir, `${name}.ts`))) {
  console.error(`unknown bench "${name}"\n`);
  await printUsage();
  process.exit(2);
}
const bench = await load(name);
const started = performance.now();
try {
  await bench.main();
  console.log(`\n[bench] ${name} finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`[bench] ${name} failed:`, err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
// Sockets or timers a bench left open must not keep the process alive once it has reported.
process.exit(process.exitCode ?? 0);
