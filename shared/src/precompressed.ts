/**
 * The built client's precompressed files: the build (client/vite-plugins/precompress.ts) writes
 * `<file>.br` and `<file>.gz` beside the text files a browser fetches, and the server
 * (server/src/http/precompressed-static.ts) serves them. Both read this module, so the server
 * never looks for a variant the build does not write, nor misses one it does.
 */

/** Text worth compressing. Images other than SVG, fonts and `.ico` files are compressed formats already. */
export const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** The encodings written, in the order the server prefers them when a client accepts both equally. */
export const PRECOMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number];

/** The suffix of each encoding's file: `index-Ca3PjnfU.js.br`, `index-Ca3PjnfU.js.gz`. */
export const ENCODING_SUFFIX: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };
