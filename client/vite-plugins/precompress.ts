import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';
import { ENCODING_SUFFIX, PRECOMPRESSED_ENCODINGS, PRECOMPRESSED_FILE, type PrecompressedEncoding } from '../../shared/src/precompressed.js';

/**
 * Smaller files are sent as they are: they fit in a packet or two either way, and the server
 * would stat a second file to save a few hundred bytes.
 */
export const MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function worthCompressing(fileName: string, size: number): boolean {
  return PRECOMPRESSED_FILE.test(fileName) && size >= MIN_BYTES;
}

/**
 * The encodings of `content` that come out smaller than it. Compressed once per build and served
 * to every visitor, so both run at their highest level: brotli quality 11, gzip level 9.
 */
export async function compressedVariants(content: Buffer): Promise<Partial<Record<PrecompressedEncoding, Buffer>>> {
  const [br, gz] = await Promise.all([
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const variants: Partial<Record<PrecompressedEncoding, Buffer>> = {};
  if (br.length < content.length) variants.br = br;
  if (gz.length < content.length) variants.gzip = gz;
  return variants;
}

export interface PrecompressSummary {
  /** files that got at least one variant */
  files: number;
  /** their bytes, and what each encoding sends for them (a file without that variant counts as itself) */
  raw: number;
  br: number;
  gzip: number;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each file under `dir` worth compressing, and removes
 * a variant left from an earlier build where none is written now: the server would otherwise
 * serve it for the new file. All files at once: zlib's asynchronous calls run on libuv's thread
 * pool, so a machine with several cores compresses several files at a time.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile() && PRECOMPRESSED_FILE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { files: 0, raw: 0, br: 0, gzip: 0 };
  await Promise.all(
    paths.map(async (path) => {
      const content = await readFile(path);
      const variants = worthCompressing(path, content.length) ? await compressedVariants(content) : {};
      await Promise.all(
        PRECOMPRESSED_ENCODINGS.map((encoding) => {
          const variant = variants[encoding];
          const variantPath = path + ENCODING_SUFFIX[encoding];
          return variant ? writeFile(variantPath, variant) : rm(variantPath, { force: true });
        }),
      );
      if (!variants.br && !variants.gzip) return;
      summary.files += 1;
      summary.raw += content.length;
      summary.br += variants.br?.length ?? content.length;
      summary.gzip += variants.gzip?.length ?? content.length;
    }),
  );
  return summary;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Precompresses the built client so the server sends brotli or gzip without compressing on each
 * request (server/src/http/precompressed-static.ts). The variants are written to disk, not
 * emitted into the bundle, so the service worker's precache list (shell-precache) never names them.
 */
export function precompress(): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'amora:precompress',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    writeBundle: {
      // Last, and after the others have finished: shell-precache rewrites sw-push.js in its writeBundle.
      order: 'post',
      sequential: true,
      async handler(options) {
        const outDir = options.dir;
        if (!outDir) throw new Error('precompress: build.outDir is not set');
        const summary = await precompressDirectory(outDir);
        logger?.info(`precompressed ${summary.files} files: ${kb(summary.raw)} -> ${kb(summary.br)} brotli, ${kb(summary.gzip)} gzip`);
      },
    },
  };
}
