/**
 * What a node writes to its log while Redis is away, as an operator reads it: each connection says
 * once that it is down and once that it is back, not a line per retry (the session connection
 * retries every 2 s: 1,800 lines an hour of outage per node), nor nothing at all once it gets through.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sharedDatabase, startNode, startPrivateRedis, type PrivateRedis, type ServerNode, type SharedDatabase } from '../test/multi-process.js';
import { sleep } from '../realtime/testing.js';

let shared: SharedDatabase | undefined;
let node: ServerNode | undefined;
let redis: PrivateRedis | undefined;

afterAll(async () => {
  await node?.stop();
  await redis?.kill();
  shared?.remove();
}, 20_000);

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('a node started while Redis is away', () => {
  it('logs each connection down once, however many retries, and back once', async () => {
    shared = sharedDatabase();
    const port = await freePort();
    node = await startNode({ databaseFile: shared.file, redisUrl: `redis://127.0.0.1:${port}` });
    await sleep(5_000); // the client retries every 50, 100 ... ms, at most 2 s apart
    expect(count(node.output(), '[redis] sessions: connect ECONNREFUSED')).toBe(1);

    redis = await startPrivateRedis(port);
    const deadline = Date.now() + 10_000;
    while (!node.output().includes('[redis] sessions: connection back') && Date.now() < deadline) await sleep(100);
    expect(count(node.output(), '[redis] sessions: connection back')).toBe(1);
    // and the Socket.IO adapter's two connections, which logged their first failure once already
    while (count(node.output(), '[realtime] redis p') + count(node.output(), '[realtime] redis s') < 4 && Date.now() < deadline) await sleep(100);
    for (const name of ['pub', 'sub']) {
      expect(count(node.output(), `[realtime] redis ${name}: connect ECONNREFUSED`)).toBe(1);
      expect(count(node.output(), `[realtime] redis ${name} connected`)).toBe(1);
    }
  }, 30_000);
});
