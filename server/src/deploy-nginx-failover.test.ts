/**
 * deploy/nginx.conf's failover, run by Debian's nginx (test/nginx.ts): a node that takes no
 * connections (frozen, or its host gone behind a firewall that drops) must cost a request about
 * a second before nginx tries the other node, not nginx's default 60 s connect time-out; and a
 * POST that reached a node which then failed is never sent to the other one as well.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenListener, type FrozenListener } from './test/frozen-listener.js';
import { startNginx, type RunningNginx } from './test/nginx.js';

/** ip_hash keys on an IPv4 address's first three bytes: these loopback addresses spread over both nodes. */
const CLIENT_ADDRESSES = Array.from({ length: 8 }, (_, n) => `127.0.${n}.1`);
/** Well under nginx's default connect time-out (60 s), well over the configured one. */
const REQUEST_LIMIT_MS = 4_000;

/** A stub node that answers `name` and remembers the requests it received. */
async function stubNode(name: string, handle?: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    req.once('end', () => {
      if (handle?.(req, res)) return;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** `method` from `address` through the balancer: status, body and how long it took; status 0 when it took REQUEST_LIMIT_MS. */
function timed(lb: RunningNginx, address: string, method = 'GET'): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(`${lb.url}/api/thing`, { method, localAddress: address, timeout: REQUEST_LIMIT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: method === 'HEAD' ? '' : body, ms: Date.now() - started }));
    });
    req.once('timeout', () => {
      req.destroy();
      resolve({ status: 0, body: `no answer in ${REQUEST_LIMIT_MS} ms`, ms: Date.now() - started });
    });
    req.once('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('a node that takes no connections', () => {
  let frozen: FrozenListener;
  let live: Awaited<ReturnType<typeof stubNode>>;
  let lb: RunningNginx;

  beforeAll(async () => {
    frozen = await frozenListener();
    live = await stubNode('live');
    lb = await startNginx([frozen.port, live.port]);
  }, 30_000);
  afterAll(async () => {
    await lb?.stop();
    await live?.close();
    await frozen?.close();
  });

  it('costs a request about a second, then nginx answers from the other node (GET and POST alike)', async () => {
    const answers = [];
    // One at a time: each address hashed to the frozen node waits out the connect time-out once,
    // until max_fails (3) takes that node out of rotation.
    for (const [i, address] of CLIENT_ADDRESSES.entries()) answers.push({ address, ...(await timed(lb, address, i < CLIENT_ADDRESSES.length / 2 ? 'POST' : 'GET')) });
    expect(answers.map((a) => [a.status, a.body]), JSON.stringify(answers)).toEqual(CLIENT_ADDRESSES.map(() => [200, 'live']));
    // The frozen node was tried (nginx logs each connect that timed out) and cost at most about a second.
    expect(lb.errors()).toMatch(/upstream timed out \(110: Connection timed out\) while connecting to upstream/);
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest).toBeGreaterThanOrEqual(900);
    expect(slowest).toBeLessThan(2_000);
  }, 8 * REQUEST_LIMIT_MS);
});

describe('a node that fails after a request reached it', () => {
  let dropping: Awaited<ReturnType<typeof stubNode>>;
  let live: Awaited<ReturnType<typeof stubNode>>;
  let lb: RunningNginx;

  beforeAll(async () => {
    // Reads the request, then closes the connection without an answer (a crash mid-request).
    dropping = await stubNode('dropping', (req) => (req.socket.destroy(), true));
    live = await stubNode('live');
    lb = await startNginx([dropping.port, live.port]);
  }, 30_000);
  afterAll(async () => {
    await lb?.stop();
    await live?.close();
    await dropping?.close();
  });

  it('answers 502 to a POST rather than send it to the other node too, and retries a GET there', async () => {
    let address: string | undefined;
    for (const candidate of CLIENT_ADDRESSES) {
      const before = dropping.received.length;
      await timed(lb, candidate, 'HEAD');
      if (dropping.received.length > before) address = candidate;
      if (address) break;
    }
    expect(address, 'no client address reached the first node').toBeDefined();

    const livePosts = live.received.filter((r) => r.startsWith('POST')).length;
    const post = await timed(lb, address!, 'POST');
    expect(post.status).toBe(502);
    expect(dropping.received.at(-1)).toBe('POST /api/thing');
    expect(live.received.filter((r) => r.startsWith('POST')).length).toBe(livePosts);

    const get = await timed(lb, address!, 'GET');
    expect([get.status, get.body]).toEqual([200, 'live']);
  });
});
