// The baselines of `npm run bench -- user`: a bare Express 5 app with one handler that answers a
// JSON body of the same size as the real GET /api/user.php; with the third argument `session`,
// the same app behind express-session (in-memory store, same cookie settings) and a GET /login
// that starts a session, to show what the session middleware alone costs. Plain JavaScript so
// that, like the built server (dist/server/main.js), it runs on node with no loader in between.
// Usage: node scripts/bench/bare-express-server.mjs <port> <file with the JSON body> [session]
import express from 'express';
import session from 'express-session';
import { readFileSync } from 'node:fs';

const port = Number(process.argv[2] ?? 0);
const body = JSON.parse(readFileSync(process.argv[3] ?? '/dev/null', 'utf8') || '{}');
const withSession = process.argv[4] === 'session';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
if (withSession) {
  app.use(
    session({
      name: 'auth.sid',
      secret: 'bench-secret-bench-secret-bench-secret',
      resave: false,
      saveUninitialized: false,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 30 * 86_400_000 },
    }),
  );
  app.get('/login', (req, res) => {
    req.session.userId = 1;
    res.json({ ok: true });
  });
}
app.get('/api/user.php', (req, res) => {
  if (withSession && !req.session.userId) return res.status(403).json({ error: 'authentication_required' });
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
});

const server = app.listen(port, '127.0.0.1', () => {
  console.log(`[bare] ready on http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
