import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedVariants, MIN_BYTES, precompress, precompressDirectory, worthCompressing } from './precompress.js';
import { SHELL_PLACEHOLDER, shellPrecache, WORKER_FILE } from './shell-precache.js';

/** Text that compresses like a built chunk: repetitive, but not one byte repeated. */
const chunk = (bytes: number) => 'export const label = (n) => `item ${n}`;\n'.repeat(Math.ceil(bytes / 41)).slice(0, bytes);

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'amora-precompress-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('which built files are precompressed', () => {
  it('takes text a browser fetches from 1 KB up', () => {
    for (const name of ['assets/index-Ca3PjnfU.js', 'assets/index-D1UD-c4k.css', 'index.html', 'favicon.svg', 'manifest.webmanifest', 'data.json', 'robots.txt']) {
      expect(worthCompressing(name, MIN_BYTES), name).toBe(true);
    }
    expect(worthCompressing('assets/locale-BrfdvftV.js', MIN_BYTES - 1)).toBe(false);
  });

  it('leaves compressed formats, .ico and the variants themselves alone', () => {
    for (const name of ['photo.png', 'photo.jpg', 'font.woff2', 'favicon.ico', 'assets/index.js.br', 'assets/index.js.gz']) {
      expect(worthCompressing(name, 100_000), name).toBe(false);
    }
  });
});

describe('compressing one file', () => {
  it('gives brotli and gzip that decode to the same bytes', async () => {
    const content = Buffer.from(chunk(20_000));
    const variants = await compressedVariants(content);
    expect(brotliDecompressSync(variants.br!).equals(content)).toBe(true);
    expect(gunzipSync(variants.gzip!).equals(content)).toBe(true);
    expect(variants.br!.length).toBeLessThan(content.length / 10);
  });

  it('gives no variant that would not be smaller than the file', async () => {
    expect(await compressedVariants(randomBytes(4096))).toEqual({});
  });
});

describe('precompressing the output directory', () => {
  it('writes .br and .gz beside each text file worth it, in subfolders too, and nothing else', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/index-abc.js'), chunk(30_000));
    writeFileSync(join(dir, 'assets/tiny-abc.js'), chunk(500));
    writeFileSync(join(dir, 'assets/photo.png'), chunk(30_000));
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${chunk(2_000)}`);

    const summary = await precompressDirectory(dir);

    const js = readFileSync(join(dir, 'assets/index-abc.js'));
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/index-abc.js.br'))).equals(js)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'assets/index-abc.js.gz'))).equals(js)).toBe(true);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
    for (const skipped of ['assets/tiny-abc.js', 'assets/photo.png']) {
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
    expect(summary).toMatchObject({ files: 2, raw: 32_015 });
    expect(summary.br).toBeLessThan(summary.gzip);
    expect(summary.gzip).toBeLessThan(summary.raw / 10);
  });

  // The server would send the stale variant in place of the new file.
  it("removes an earlier build's variant where this build writes none", async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'sw-push.js'), randomBytes(4096));
    writeFileSync(join(dir, 'sw-push.js.br'), 'stale');
    writeFileSync(join(dir, 'sw-push.js.gz'), 'stale');
    await precompressDirectory(dir);
    expect(existsSync(join(dir, 'sw-push.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'sw-push.js.gz'))).toBe(false);
  });
});

describe('the plugin in a Vite build', () => {
  // The worker's variants must carry the precache list shell-precache writes into it, not the placeholder.
  it('compresses the files as written, after shell-precache has rewritten the worker', async () => {
    const root = scratch();
    mkdirSync(join(root, 'public'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>');
    writeFileSync(join(root, 'main.js'), `console.log(${JSON.stringify(chunk(5_000))});`);
    writeFileSync(join(root, 'public', WORKER_FILE), `${SHELL_PLACEHOLDER}\n${chunk(3_000)}`);
    const outDir = join(root, 'dist');

    // Listed before shell-precache: the order in vite.config.ts must not be what keeps it right.
    await build({ root, configFile: false, logLevel: 'silent', plugins: [precompress(), shellPrecache()], build: { outDir, minify: false } });

    const worker = readFileSync(join(outDir, WORKER_FILE));
    expect(worker.toString()).not.toContain(SHELL_PLACEHOLDER);
    expect(brotliDecompressSync(readFileSync(join(outDir, `${WORKER_FILE}.br`))).equals(worker)).toBe(true);
    expect(gunzipSync(readFileSync(join(outDir, `${WORKER_FILE}.gz`))).equals(worker)).toBe(true);
    expect(existsSync(join(outDir, 'index.html.br'))).toBe(false); // under 1 KB
  }, 30_000);
});
