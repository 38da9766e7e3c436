/**
 * The built client's files with the variants the build writes beside them (`<file>.br`,
 * `<file>.gz`: client/vite-plugins/precompress.ts), so a browser gets brotli or gzip without the
 * server compressing anything per request.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ENCODING_SUFFIX, PRECOMPRESSED_ENCODINGS, PRECOMPRESSED_FILE, type PrecompressedEncoding } from '@shared/precompressed.js';
import { acceptedEncodings } from './accept-encoding.js';
import { notFound } from './errors.js';

type StaticOptions = NonNullable<Parameters<typeof express.static>[1]>;

const SUFFIXES = Object.values(ENCODING_SUFFIX);
const isVariantName = (path: string) => SUFFIXES.some((suffix) => path.endsWith(suffix));
const withoutSuffix = (path: string) => (isVariantName(path) ? path.slice(0, path.lastIndexOf('.')) : path);

/**
 * The file a URL path names under `root`, or undefined where express.static alone should answer:
 * a malformed escape, a NUL, a dot segment (`..`, or a dotfile, which it does not serve either).
 */
function fileUnder(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  return join(root, path);
}

/** Whether a GET of `urlPath` finds a file under `root` here (a variant's own name is no file). */
export function servesFileAt(root: string, urlPath: string): boolean {
  const file = isVariantName(urlPath) ? undefined : fileUnder(root, urlPath);
  return file !== undefined && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

async function firstVariant(file: string, encodings: readonly PrecompressedEncoding[]): Promise<PrecompressedEncoding | undefined> {
  for (const encoding of encodings) {
    const found = await stat(file + ENCODING_SUFFIX[encoding]).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (found) return encoding;
  }
  return undefined;
}

/**
 * express.static(root, options), but a GET or HEAD of a text file (PRECOMPRESSED_FILE) that has a
 * variant the request's Accept-Encoding takes gets the variant: brotli before gzip, with
 * Content-Encoding, the file's own Content-Type, `Vary: Accept-Encoding`, and the headers
 * `options` gives the file (its setHeaders sees the file's path, not the variant's).
 *
 * - A variant is sent whole, without Accept-Ranges: a range of the compressed bytes is useless
 *   to a client that wants a range of the file, and nobody fetches these in pieces. The file
 *   itself keeps its ranges for a client that takes no encoding.
 * - Its validators (ETag, Last-Modified) are the variant's own, so a browser revalidating its
 *   brotli copy gets a 304 and never one that would match the uncompressed file.
 * - A variant is not served under its own name (`/assets/x.js.br`): that would be a brotli
 *   stream with the type of `.br` and no Content-Encoding. It is a 404 (with `fallthrough:
 *   false`) or passed on, like a missing file.
 */
export function staticWithPrecompressed(root: string, options: StaticOptions): RequestHandler {
  const identity = express.static(root, options);
  const { setHeaders } = options;
  const variants = express.static(root, {
    ...options,
    acceptRanges: false,
    fallthrough: true,
    setHeaders: setHeaders && ((res, path, stats) => setHeaders(res, withoutSuffix(path), stats)),
  });

  // Express 5 passes a rejected promise on to the error middleware.
  return async (req, res, next) => {
    // Another method is refused in JSON further on (http/other-methods.ts), not by express.static.
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isVariantName(req.path)) return options.fallthrough === false ? next(notFound()) : next();
    const file = PRECOMPRESSED_FILE.test(req.path) ? fileUnder(root, req.path) : undefined;
    if (!file) return identity(req, res, next);
    // Whatever this client gets, what this URL answers depends on Accept-Encoding.
    res.vary('Accept-Encoding');
    const encodings = acceptedEncodings(req.headers['accept-encoding'], PRECOMPRESSED_ENCODINGS);
    const encoding = encodings.length > 0 ? await firstVariant(file, encodings) : undefined;
    if (!encoding) return identity(req, res, next);

    const url = req.url;
    const query = url.indexOf('?');
    const suffix = ENCODING_SUFFIX[encoding];
    req.url = query < 0 ? url + suffix : url.slice(0, query) + suffix + url.slice(query);
    // Set first: send only names a type when none is set, and would name the one of `.br`.
    res.type(extname(file));
    res.setHeader('Content-Encoding', encoding);
    variants(req, res, () => {
      // Gone since the stat (a build replacing the files) or refused: the file itself answers.
      req.url = url;
      for (const header of ['Content-Encoding', 'Content-Type', 'ETag', 'Last-Modified', 'Cache-Control']) res.removeHeader(header);
      identity(req, res, next);
    });
  };
}

/** A file read once and kept in memory, with the variants the build wrote beside it. */
export interface PrecompressedBody {
  identity: Buffer;
  variants: Partial<Record<PrecompressedEncoding, Buffer>>;
}

export function readPrecompressed(file: string): PrecompressedBody {
  const variants: PrecompressedBody['variants'] = {};
  for (const encoding of PRECOMPRESSED_ENCODINGS) {
    const variantFile = file + ENCODING_SUFFIX[encoding];
    if (existsSync(variantFile)) variants[encoding] = readFileSync(variantFile);
  }
  return { identity: readFileSync(file), variants };
}

/** The bytes of `body` to send for `req`, with Vary and Content-Encoding set to match. */
export function negotiatedBody(req: Request, res: Response, body: PrecompressedBody): Buffer {
  const offered = PRECOMPRESSED_ENCODINGS.filter((encoding) => body.variants[encoding]);
  if (offered.length === 0) return body.identity;
  res.vary('Accept-Encoding');
  const encoding = acceptedEncodings(req.headers['accept-encoding'], offered)[0];
  if (!encoding) return body.identity;
  res.setHeader('Content-Encoding', encoding);
  return body.variants[encoding]!;
}
