/**
 * A node that stops (SIGTERM in a rolling restart) lets the HTTP requests under way finish, then
 * ends each connection as it goes idle: a member whose log-in or message was on the wire when the
 * signal came gets an answer, and a load balancer's kept-alive connection does not hold the stop
 * until main.ts's 10 s force-exit (exit 1, "still not stopped").
 */
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FINISH_REQUESTS_MS } from './server.js';
import { startTestServer } from './test/harness.js';
import { sleep } from './realtime/testing.js';

describe('stopping the server', () => {
  it('answers a request still arriving when the stop begins, then closes its kept-alive connection at once', async () => {
    const server = await startTestServer();
    // As nginx or a balancer keeps its upstream connections: open until the server ends them.
    const agent = new Agent({ keepAlive: true });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    let stopping: Promise<void> | undefined;
    let stopBegan = 0;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
        const req = request(`${server.url}/api/user.php`, { agent, method: 'POST', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.write(body.slice(0, 10));
        void sleep(100).then(async () => {
          // The stop begins while the body is half sent; the rest comes a moment later.
          stopBegan = Date.now();
          stopping = server.close();
          await sleep(150);
          req.end(body.slice(10));
        });
      });
      expect(status).toBe(401);
      const stopped = await Promise.race([stopping!.then(() => true), sleep(FINISH_REQUESTS_MS + 2_000).then(() => false)]);
      expect(stopped, `still stopping ${Date.now() - stopBegan} ms after the stop began`).toBe(true);
      expect(Date.now() - stopBegan).toBeLessThan(FINISH_REQUESTS_MS);
    } finally {
      agent.destroy();
      await server.destroy();
    }
  }, 15_000);
});
