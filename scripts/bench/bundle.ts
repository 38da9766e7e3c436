/**
 * `npm run bench -- bundle`: gzipped size of the JavaScript the landing page loads before it can
 * render (the entry script of dist/client/index.html plus its modulepreload links), against the
 * 150 kB budget, and the largest chunks that are only loaded later (lazy routes, socket client).
 * kB = 1000 bytes, as Vite reports them (the stricter reading of the budget). gzip at zlib's
 * default level, close to what a web server sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureClientBuild, repoRoot } from './lib/build.js';
import { initialScripts, initialStylesheets } from './lib/index-html.js';
import { printTable } from './lib/table.js';

export const description = 'gzipped JS the landing page loads first vs the 150 kB budget, and the largest lazy chunks';

const BUDGET_KB = 150;
const LAZY_SHOWN = 8;
const clientDir = resolve(repoRoot, 'dist/client');

interface Asset {
  file: string;
  rawKb: number;
  gzipKb: number;
}

export async function main(): Promise<void> {
  ensureClientBuild();
  const html = readFileSync(resolve(clientDir, 'index.html'), 'utf8');
  const initialFiles = initialScripts(html);
  if (initialFiles.length === 0) throw new Error('dist/client/index.html references no module script');
  const initial = initialFiles.map(measureAsset);
  const css = initialStylesheets(html).map(measureAsset);

  const initialSet = new Set(initialFiles);
  const lazy = readdirSync(resolve(clientDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `/assets/${f}`)
    .filter((f) => !initialSet.has(f))
    .map(measureAsset)
    .sort((a, b) => b.gzipKb - a.gzipKb);

  const totalGzip = sum(initial.map((a) => a.gzipKb));
  printTable(
    'JavaScript loaded by the landing page before first render',
    ['file', 'raw kB', 'gzip kB'],
    [...initial.map(assetRow), ['total', sum(initial.map((a) => a.rawKb)), totalGzip]],
  );
  if (css.length) printTable('CSS loaded by the landing page (not counted in the JS budget)', ['file', 'raw kB', 'gzip kB'], css.map(assetRow));
  printTable(
    `Largest lazy chunks (${lazy.length} in all, ${sum(lazy.map((a) => a.gzipKb)).toFixed(1)} kB gzip together)`,
    ['file', 'raw kB', 'gzip kB'],
    lazy.slice(0, LAZY_SHOWN).map(assetRow),
  );
  const verdict = totalGzip <= BUDGET_KB ? 'within' : 'OVER';
  console.log(`\ninitial JS ${totalGzip.toFixed(1)} kB gzip: ${verdict} the ${BUDGET_KB} kB budget`);
  if (totalGzip > BUDGET_KB) process.exitCode = 1;
}

function measureAsset(url: string): Asset {
  const content = readFileSync(resolve(clientDir, `.${url.split('?')[0]}`));
  return { file: url, rawKb: content.length / 1000, gzipKb: gzipSync(content).length / 1000 };
}

function assetRow(a: Asset): [string, number, number] {
  return [a.file, a.rawKb, a.gzipKb];
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}
