// The baseline of `npm run bench -- user`: a bare Express 5 app with one handler that answers a
// JSON body of the same size as the real GET /api/user.php. Plain JavaScript so that, like the
// built server (dist/server/main.js), it runs on node with no loader in between.
// Usage: node scripts/bench/bare-express-server.mjs <port> <file with the JSON body>
import express from 'express';
import { readFileSync } from 'node:fs';

const port = Number(process.argv[2] ?? 0);
const body = JSON.parse(readFileSync(process.argv[3] ?? '/dev/null', 'utf8') || '{}');

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/api/user.php', (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
});

const server = app.listen(port, '127.0.0.1', () => {
  console.log(`[bare] ready on http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
