/**
 * `npm run bench -- bundle`: gzipped size of the JavaScript the landing page loads before it can
 * render (the entry script of dist/client/index.html plus its modulepreload links), against the
 * 150 kB budget, and the largest chunks that are only loaded later (lazy routes, socket client).
 * kB = 1000 bytes, as Vite reports them (the stricter reading of the budget). gzip at zlib's
 * default level, close to what a web server sends. Beside it, what our server really sends a
 * browser that takes brotli: the `.br` variant the build wrote (client/vite-plugins/precompress.ts),
 * or the file as it is when there is none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  /** the bytes served to a browser that takes brotli */
  servedKb: number;
}

const COLUMNS = ['file', 'raw kB', 'gzip kB', 'served kB (br)'];

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
    COLUMNS,
    [...initial.map(assetRow), ['total', sum(initial.map((a) => a.rawKb)), totalGzip, sum(initial.map((a) => a.servedKb))]],
  );
  if (css.length) printTable('CSS loaded by the landing page (not counted in the JS budget)', COLUMNS, css.map(assetRow));
  printTable(
    `Largest lazy chunks (${lazy.length} in all, ${sum(lazy.map((a) => a.gzipKb)).toFixed(1)} kB gzip together)`,
    COLUMNS,
    lazy.slice(0, LAZY_SHOWN).map(assetRow),
  );
  const verdict = totalGzip <= BUDGET_KB ? 'within' : 'OVER';
  console.log(`\ninitial JS ${totalGzip.toFixed(1)} kB gzip: ${verdict} the ${BUDGET_KB} kB budget (served to a browser taking brotli: ${sum(initial.map((a) => a.servedKb)).toFixed(1)} kB)`);
  if (totalGzip > BUDGET_KB) process.exitCode = 1;
}

function measureAsset(url: string): Asset {
  const path = resolve(clientDir, `.${url.split('?')[0]}`);
  const content = readFileSync(path);
  const served = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : content.length;
  return { file: url, rawKb: content.length / 1000, gzipKb: gzipSync(content).length / 1000, servedKb: served / 1000 };
}

function assetRow(a: Asset): [string, number, number, number] {
  return [a.file, a.rawKb, a.gzipKb, a.servedKb];
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}
