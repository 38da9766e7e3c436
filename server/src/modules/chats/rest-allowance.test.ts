import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { loggedInMember } from './chat-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('REST reads of the list and of missed messages', () => {
  it('are answered 60 at once per member, then "rate_limited" (429) until the allowance refills at 2 a second; other members are served', async () => {
    const looping = await loggedInMember(server);
    const other = await loggedInMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await looping.client.get('/api/sync.php?after=0')).status);
    for (let i = 0; i < 20; i++) statuses.push((await looping.client.get('/api/chats.php')).status);
    expect(statuses).toEqual(Array(60).fill(200));

    const refused = await looping.client.get('/api/sync.php?after=0');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    expect((await looping.client.get('/api/chats.php')).status).toBe(429);
    expect((await other.client.get('/api/chats.php')).status).toBe(200);

    server.clock.advance(1_000);
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await looping.client.get('/api/sync.php?after=0')).status);
    expect(after).toEqual([200, 200, 429]);
  });
});
