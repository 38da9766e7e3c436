/**
 * GET /dev/outbox (only mounted outside production): the mails the embedded mode stored instead
 * of sending, newest first, with their links clickable. `?format=json` gives the same list to
 * scripts and end-to-end tests. Everything from a mail is escaped before it reaches the page.
 */
import { Router } from 'express';
import { desc } from 'drizzle-orm';
import { outbox } from '@db/schema/index.js';
import type { AppContext } from '../../context.js';
import { escapeHtml } from './mails/html-escape.js';

const SHOWN = 100;

/** Escapes, then turns http(s) addresses into links (the escaped text holds no raw quotes). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function devOutboxRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/outbox', (req, res) => {
    const mails = ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(SHOWN).all();
    if (req.query.format === 'json') {
      res.json({ mails: mails.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, text: m.text, html: m.html, created_at: new Date(m.createdAt).toISOString() })) });
      return;
    }
    const items = mails
      .map(
        (m) => `<article style="border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:0 0 16px">
<h2 style="margin:0 0 4px;font-size:17px">${escapeHtml(m.subject)}</h2>
<p style="margin:0 0 8px;color:#555;font-size:13px">To ${escapeHtml(m.toAddress)} · ${escapeHtml(new Date(m.createdAt).toISOString())}</p>
<pre style="white-space:pre-wrap;font-family:inherit;margin:0">${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    res
      .status(200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:760px;margin:24px auto;padding:0 16px">
<h1>Outbox <small style="font-weight:normal;color:#777">(${mails.length} newest)</small></h1>
${items || '<p>No mail yet.</p>'}
</body></html>`);
  });
  return router;
}
