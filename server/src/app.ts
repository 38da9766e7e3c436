import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { resolve } from 'node:path';
import { matchRoute } from '@shared/routes.js';
import { languageCookieLocale, startLocale } from '@shared/rules/start-language.js';
import type { AppContext } from './context.js';
import { compressJsonAnswer } from './http/compress-json.js';
import { refuseCrossOriginWrites } from './http/cross-origin-writes.js';
import { errorMiddleware, notFound } from './http/errors.js';
import { HEALTH_PATH } from './http/health.js';
import { readsOnly, refuseOtherMethods } from './http/other-methods.js';
import { negotiatedBody, servesFileAt, staticWithPrecompressed } from './http/precompressed-static.js';
import { apiSession } from './http/read-only-session.js';
import { refuseOtherApiMethods } from './http/api-methods.js';
import { addressedOrigin } from './http/request-origin.js';
import { setSecurityHeaders } from './http/security-headers.js';
import { shellContentPolicy } from './http/shell-content-policy.js';
import { resolveSite, SiteDirectory, siteMiddleware } from './http/site.js';
import { siteManifest } from './http/site-manifest.js';
import { siteShells } from './http/site-shells.js';
import { apiRoutes } from './modules/index.js';
import { devOutboxRoutes } from './modules/auth/dev-outbox.js';
import './http/request-types.js';

export interface BuiltApp {
  app: Express;
  sites: SiteDirectory;
}

/** Builds the Express app without listening, so tests can drive it directly. */
export function buildApp(ctx: AppContext, options: { clientDir?: string } = {}): BuiltApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', false);
  const sites = new SiteDirectory(ctx.db);

  // The API first, with everything it needs in one prelude layer: each layer a request passes is
  // a router dispatch, and /api/user.php is polled by every client.
  const api = express.Router();
  api.use(apiPrelude(ctx, sites));
  api.use(apiSession(ctx));
  apiRoutes(api, ctx);
  // a path that exists with other methods: 405 with Allow; any other path: 404
  refuseOtherApiMethods(api);
  api.use(() => {
    throw notFound();
  });
  app.use('/api', api);

  // Everything outside the API gets the shell's policy: the shell under every client route, and
  // /index.html itself, which the service worker keeps for an offline start; on scripts, styles and
  // photos it is inert, and the worker script's fetches stay on this origin.
  app.use((req, res, next) => {
    setSecurityHeaders(req, res);
    res.setHeader('Content-Security-Policy', shellContentPolicy(sites.find(req.hostname ?? ''), addressedOrigin(req)));
    req.ctx = ctx;
    next();
  });
  app.use('/media', readsOnly(express.static(ctx.config.uploadsDir, { maxAge: '7d', fallthrough: false })));

  if (!ctx.config.isProduction) app.use('/dev', siteMiddleware(sites), devOutboxRoutes(ctx));

  const clientDir = options.clientDir ?? resolve(process.cwd(), 'dist/client');
  serveClient(app, clientDir, sites);
  // Only another method than GET or HEAD gets here: JSON, as the API's errors, not Express's HTML page.
  app.use(
    refuseOtherMethods(
      (path) =>
        path === HEALTH_PATH ||
        isClientRoute(path) ||
        servesFileAt(clientDir, path) ||
        (path.startsWith('/media/') && servesFileAt(ctx.config.uploadsDir, path.slice('/media'.length))),
    ),
  );
  app.use(errorMiddleware);
  return { app, sites };
}

/** The beacon whose body is never read (see apiPrelude). */
const PAGE_HIDDEN_PATH = '/page-hidden.php';

/**
 * What every API request needs before the session: the security headers, no caching, gzip for
 * an answer of 1 KB or more, its site (an unknown host is a 404 `unknown_site`), a write from a
 * page of another origin refused (http/cross-origin-writes.ts), and a parsed
 * JSON body unless it is a GET or HEAD, which carry none, or the page-hidden beacon, whose body
 * nobody reads (a malformed or oversized one would otherwise be a 400 or 413 and lose the
 * last-seen it reports).
 */
function apiPrelude(ctx: AppContext, sites: SiteDirectory): RequestHandler {
  const parseJson = express.json({ limit: '64kb', strict: false });
  const refuseWrites = refuseCrossOriginWrites(ctx, sites);
  return (req, res, next) => {
    setSecurityHeaders(req, res);
    res.setHeader('Cache-Control', 'no-store');
    compressJsonAnswer(req, res);
    req.ctx = ctx;
    req.site = resolveSite(sites, req);
    if (req.method === 'GET' || req.method === 'HEAD' || req.path === PAGE_HIDDEN_PATH) return next();
    refuseWrites(req, res, (err?: unknown) => (err ? next(err) : parseJson(req, res, next)));
  };
}

/** matchRoute decodes parameters; a broken percent-escape (`/members/%E0%A4%A`) is no route, not a 500. */
function isClientRoute(path: string): boolean {
  try {
    return matchRoute(path) !== null;
  } catch {
    return false;
  }
}

/**
 * The service worker (client/public/sw-push.js) is fetched on every update check: no-cache, so a
 * new deployment's worker, and with it the new app shell, is picked up at the next visit instead of
 * up to an hour later from an HTTP cache.
 */
function noCacheForServiceWorker(clientDir: string): (res: Response, path: string) => void {
  const workerFile = resolve(clientDir, 'sw-push.js');
  return (res, path) => {
    if (path === workerFile) res.setHeader('Cache-Control', 'no-cache');
  };
}

/**
 * Serves the built client. Hashed assets are cached for a year; every other GET gets the app
 * shell of the host's site (http/site-shells.ts), with status 404 when no client route matches the
 * path. Text files and the shell go out as the brotli or gzip variant the build wrote beside them
 * (for a site's shell, made from it) when the browser takes it.
 */
function serveClient(app: Express, clientDir: string, sites: SiteDirectory): void {
  const shellOf = siteShells(resolve(clientDir, 'index.html'));
  const sendShell = (req: Request, res: Response, status: number, cacheControl: string) => {
    const site = sites.find(req.hostname ?? '');
    // The language the client will start in (the cookie, else the site's): the shell's lang and
    // <noscript> text. It depends on the cookie, so a cache must keep one per cookie.
    const shell = shellOf(site, startLocale(languageCookieLocale(req.headers.cookie), site?.domainLanguage));
    if (!shell) {
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    res.vary('Cookie');
    res.status(status).type('html').setHeader('Cache-Control', cacheControl);
    res.send(negotiatedBody(req, res, shell));
  };
  app.use('/assets', staticWithPrecompressed(resolve(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(siteManifest(clientDir, sites));
  // The shell the service worker keeps for an offline start: the site's, as the static file is the build's.
  app.get('/index.html', (req, res) => sendShell(req, res, 200, 'public, max-age=3600'));
  app.use(staticWithPrecompressed(clientDir, { index: false, maxAge: '1h', setHeaders: noCacheForServiceWorker(clientDir) }));
  app.get(/.*/, (req, res) => sendShell(req, res, isClientRoute(req.path) ? 200 : 404, 'no-cache'));
}
