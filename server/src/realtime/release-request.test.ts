import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDto } from '@shared/api/chats.js';
import { clientId, loggedInMember } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { io as connect } from 'socket.io-client';
import { command, nextEvent, openSocket, sleep, type ClientSocket } from './testing.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let server: TestServer;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server.destroy();
});

describe('idle sockets do not keep their handshake request', () => {
  it('the upgrade request and its session can be collected while the socket keeps working', async () => {
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    server.http.on('upgrade', (req: IncomingMessage) => upgrades.push(new WeakRef(req)));
    const a = await loggedInMember(server);
    const b = await loggedInMember(server);
    const aSocket = await openSocket(server.url, { cookie: a.client.cookieHeader() });
    const bSocket = await openSocket(server.url, { cookie: b.client.cookieHeader() });
    sockets.push(aSocket, bSocket);
    expect(upgrades).toHaveLength(2);

    await sleep(50);
    collectGarbage();
    // About 5 KB per connected member, for as long as they stay connected, if these were kept.
    expect(upgrades.map((ref) => ref.deref())).toEqual([undefined, undefined]);

    const incoming = nextEvent(bSocket, 'message:new');
    const ack = await command<MessageDto>(aSocket, 'message:send', { profile: b.user.id, client_id: clientId(), body: 'still here' });
    expect(ack.ok).toBe(true);
    expect((await incoming).body).toBe('still here');
  });

  it('also after a browser-style connection that starts with polling and upgrades', async () => {
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    server.http.on('upgrade', (req: IncomingMessage) => upgrades.push(new WeakRef(req)));
    const a = await loggedInMember(server);
    const browserLike = connect(server.url, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      extraHeaders: { cookie: a.client.cookieHeader() },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(browserLike);
    await new Promise<void>((resolve) => browserLike.io.engine.once('upgrade', () => resolve()));
    expect(upgrades).toHaveLength(1);

    await sleep(50);
    collectGarbage();
    expect(upgrades[0]!.deref()).toBeUndefined();
    expect(browserLike.connected).toBe(true);
  });
});
