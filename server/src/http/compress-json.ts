/**
 * gzip for the API's larger JSON answers (chat lists, message pages, settings), done in place of
 * the `compression` package: every API answer is one res.end() of a string or Buffer (res.json()
 * and sendJson), so one synchronous compression of that body is all it takes, without a stream
 * per response or a dependency.
 */
import type { Request, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedEncodings } from './accept-encoding.js';

/** Smaller answers go as they are: they fit a packet or two, and most are (`/api/user.php`, acks, errors). */
export const COMPRESS_JSON_MIN_BYTES = 1024;

/**
 * gzip first when a client takes both, at zlib's default level: for a 3.7 KB chat list it costs
 * 24-37 µs of CPU against brotli quality 4's 46-62 µs, for 999 bytes against 944
 * (docs/parts/decisions-ops.md, "Compression"). Brotli only for a client that takes nothing else.
 */
const OFFERED = ['gzip', 'br'] as const;
const GZIP_OPTIONS = { level: constants.Z_DEFAULT_COMPRESSION };
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** The body to send in place of `body`, with Content-Encoding, Content-Length and Vary set; undefined to send it as it is. */
function compressedBody(req: Request, res: Response, body: string | Buffer, encoding: BufferEncoding): Buffer | undefined {
  // Already written in parts, or a status without a body.
  if (res.headersSent || res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304) return undefined;
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !type.startsWith('application/json') || res.hasHeader('Content-Encoding')) return undefined;
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  if (bytes.length < COMPRESS_JSON_MIN_BYTES) return undefined;
  res.vary('Accept-Encoding');
  const coding = acceptedEncodings(req.headers['accept-encoding'], OFFERED)[0];
  if (!coding) return bytes;
  const compressed = coding === 'gzip' ? gzipSync(bytes, GZIP_OPTIONS) : brotliCompressSync(bytes, BROTLI_OPTIONS);
  res.setHeader('Content-Encoding', coding);
  // res.json() has set the uncompressed length already.
  res.setHeader('Content-Length', compressed.length);
  return compressed;
}

/**
 * Compresses the JSON this response ends with, if it is COMPRESS_JSON_MIN_BYTES or more and the
 * request's Accept-Encoding takes gzip or brotli. Call it before the handler runs. A HEAD is left
 * alone: res.json() ends one without its body, so there would be nothing to compress.
 */
export function compressJsonAnswer(req: Request, res: Response): void {
  if (req.method === 'HEAD') return;
  const end = res.end;
  res.end = function endCompressed(this: Response, ...args: unknown[]): Response {
    res.end = end;
    const [body, encodingOrCallback, callback] = args;
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const encoding = typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : 'utf8';
      const sent = compressedBody(req, res, body, encoding);
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (sent) return Reflect.apply(end, this, typeof done === 'function' ? [sent, done] : [sent]) as Response;
    }
    return Reflect.apply(end, this, args) as Response;
  } as Response['end'];
}
