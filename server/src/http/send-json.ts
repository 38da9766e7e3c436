import type { Response } from 'express';

/**
 * Answers a JSON body with one write. Express's res.json() goes through res.send(), which parses
 * and re-formats the Content-Type, checks freshness and converts the body to a Buffer: worth
 * skipping on the endpoints clients poll. Node sets Content-Length and omits the body for HEAD.
 */
export function sendJson(res: Response, body: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
