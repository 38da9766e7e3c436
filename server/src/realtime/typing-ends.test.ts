/**
 * "typing…" ends when the tab that was typing is gone. A member with another tab open (or an
 * invisible one, who is never announced offline) closed the tab they were typing in, and the peer
 * read "typing…" for up to 6 s more (the client's expiry), for someone who had left.
 */
import { describe, expect, it } from 'vitest';
import type { MessageDto } from '@shared/api/chats.js';
import { send } from '../modules/chats/chat-test-kit.js';
import { socketTestServer, type MemberWithTabs } from './socket-test-server.js';
import { collect, nextEvent, sleep } from './testing.js';

const live = socketTestServer();

const { memberWithTabs } = live;

async function chatBetween(a: MemberWithTabs, b: MemberWithTabs) {
  return ((await send(a.client, b.id, 'hello')).body as { message: MessageDto }).message.conversation;
}

describe('typing when the typing tab closes', () => {
  it('tells every tab of the peer that typing stopped when the member closes the tab they typed in, with another tab still open', async () => {
    const a = await memberWithTabs(2);
    const b = await memberWithTabs(2);
    const conversation = await chatBetween(a, b);
    const shown = Promise.all(b.sockets.map((s) => nextEvent(s, 'typing', (t) => t.typing)));
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    await shown;

    const stopped = Promise.all(b.sockets.map((s) => nextEvent(s, 'typing', (t) => !t.typing, 1_000)));
    a.sockets[0]!.close();
    expect(await stopped).toEqual([
      { conversation, profile: a.id, typing: false },
      { conversation, profile: a.id, typing: false },
    ]);
  });

  it('tells the peer typing stopped when an invisible member closes their only tab (no presence event clears it)', async () => {
    const a = await memberWithTabs(1, { invisible: true });
    const b = await memberWithTabs(1);
    const conversation = await chatBetween(a, b);
    const shown = nextEvent(b.sockets[0]!, 'typing', (t) => t.typing);
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    await shown;

    const stopped = nextEvent(b.sockets[0]!, 'typing', (t) => !t.typing, 1_000);
    a.sockets[0]!.close();
    expect(await stopped).toEqual({ conversation, profile: a.id, typing: false });
  });

  it('says nothing more when the member had already stopped typing, nor to a member who blocked them since', async () => {
    const a = await memberWithTabs(2);
    const b = await memberWithTabs(1);
    const c = await memberWithTabs(1);
    const withB = await chatBetween(a, b);
    const withC = await chatBetween(a, c);
    const shownB = nextEvent(b.sockets[0]!, 'typing', (t) => !t.typing);
    a.sockets[0]!.emit('typing', { conversation: withB, typing: true });
    a.sockets[0]!.emit('typing', { conversation: withB, typing: false });
    await shownB;
    const shownC = nextEvent(c.sockets[0]!, 'typing', (t) => t.typing);
    a.sockets[0]!.emit('typing', { conversation: withC, typing: true });
    await shownC;
    expect((await c.client.post('/api/block.php', { profile: a.id })).status).toBe(200);

    const seenByB = collect(b.sockets[0]!, 'typing');
    const seenByC = collect(c.sockets[0]!, 'typing');
    a.sockets[0]!.close();
    await sleep(300);
    expect(seenByB).toEqual([]);
    expect(seenByC).toEqual([]);
  });
});
