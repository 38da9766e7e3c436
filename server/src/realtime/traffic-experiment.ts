/**
 * The experiment behind the adapter choice: three nodes on one Redis, member A on node 1 and B on
 * node 2 exchange messages; how much adapter traffic does node 3, which holds neither, receive?
 * Used by adapter-traffic.test.ts and by `npx tsx server/src/realtime/measure-traffic.ts`.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { openDb } from '@db/client.js';
import type { Config } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createMember, insertTestSite } from '../test/factories.js';
import { testConfig, tempDir } from '../test/harness.js';
import { loginAs } from '../test/login.js';
import type { RealtimeStats } from './io.js';
import { command, openSocket, sleep, type ClientSocket } from './testing.js';

export interface TrafficResult {
  adapter: Config['socketAdapter'];
  messages: number;
  /** message:new events B received (each message reaches B once) */
  deliveredToB: number;
  nodes: RealtimeStats[];
}

export async function runTrafficExperiment(adapter: Config['socketAdapter'], redisUrl: string, messages: number): Promise<TrafficResult> {
  const dir = tempDir('dating-traffic-');
  const setup = openDb(`${dir}/app.db`);
  insertTestSite(setup);
  const env = { REDIS_URL: redisUrl, SOCKET_ADAPTER: adapter, SESSION_SECRET: 'traffic-experiment-secret-0123456789abcdef' };
  const servers: RunningServer[] = [];
  const sockets: ClientSocket[] = [];
  try {
    for (let i = 0; i < 3; i++) servers.push(await startServer(testConfig(dir, env)));
    const [node1, node2] = servers as [RunningServer, RunningServer, RunningServer];
    const a = await createMember(setup, { credits: messages * 2 });
    const b = await createMember(setup, { credits: messages * 2 });
    const socketA = await openSocket(node1.url, { cookie: (await loginAs(node1, a)).cookieHeader() });
    const socketB = await openSocket(node2.url, { cookie: (await loginAs(node2, b)).cookieHeader() });
    sockets.push(socketA, socketB);
    let deliveredToB = 0;
    socketB.on('message:new', (m) => {
      if (m.sender === a.id) deliveredToB++;
    });
    await sleep(200); // let subscriptions settle before counting from zero
    for (const s of servers) s.realtime.resetStats();
    for (let i = 0; i < messages; i++) {
      await command(socketA, 'message:send', { profile: b.id, client_id: randomUUID().replace(/-/g, ''), body: `m${i}` });
    }
    const deadline = Date.now() + 5000;
    while (deliveredToB < messages && Date.now() < deadline) await sleep(20);
    await sleep(200);
    return { adapter, messages, deliveredToB, nodes: servers.map((s) => s.realtime.stats()) };
  } finally {
    sockets.forEach((s) => s.close());
    for (const s of servers) await s.close();
    setup.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
