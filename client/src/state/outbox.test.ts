// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './chat-thread.js';
import type { OutboxEntry } from './outbox.js';

const ME = 1;
const PEER = 2;
const OTHER_PEER = 3;

/** One browser tab: its own copy of the module (what it wrote last), the shared localStorage. */
async function openTab(): Promise<typeof import('./outbox.js')> {
  vi.resetModules();
  return import('./outbox.js');
}

function pending(clientId: string, body: string, writtenAt: string, profile = PEER): OutboxEntry {
  const message: ChatMessage = {
    key: `${ME}:${clientId}`,
    id: null,
    conversation: null,
    sender: ME,
    client_id: clientId,
    kind: 'text',
    body,
    gift_id: null,
    created_at: writtenAt,
    local: 'pending',
    failure: null,
  };
  return { profile, message };
}

const bodies = (entries: readonly OutboxEntry[]) => entries.map((e) => e.message.body);

describe('outbox shared by tabs', () => {
  beforeEach(() => localStorage.clear());

  it('a message written offline in one tab survives another tab saving its own', async () => {
    const tabA = await openTab();
    const tabB = await openTab();
    const fromA = pending('a-1', 'written in tab A', '2026-11-28T10:00:00.000Z');
    const fromB = pending('b-1', 'written in tab B', '2026-11-28T10:01:00.000Z', OTHER_PEER);
    tabA.saveOutbox(ME, [fromA]);
    tabB.saveOutbox(ME, [fromB]);
    // Both tabs are closed; the page that opens next gets both, in the order they were written.
    const reopened = await openTab();
    expect(bodies(reopened.loadOutbox(ME))).toEqual(['written in tab A', 'written in tab B']);
  });

  it('a tab takes back only what it sent; a tab with nothing to keep erases nothing', async () => {
    const tabA = await openTab();
    const tabB = await openTab();
    const fromA = pending('a-1', 'from A', '2026-11-28T10:00:00.000Z');
    const fromB = pending('b-1', 'from B', '2026-11-28T10:01:00.000Z');
    tabA.saveOutbox(ME, [fromA]);
    tabB.saveOutbox(ME, [fromB]);
    const tabC = await openTab();
    tabC.saveOutbox(ME, []);
    expect(bodies(tabC.loadOutbox(ME))).toEqual(['from A', 'from B']);

    // Tab A's message is stored: it leaves A's outgoing, and the storage, but B's stays.
    tabA.saveOutbox(ME, []);
    expect(bodies(tabC.loadOutbox(ME))).toEqual(['from B']);
    tabB.saveOutbox(ME, []);
    expect(localStorage.getItem(`chat-outbox:${ME}`)).toBeNull();
  });

  it('a changed message (refused, then retried) replaces its earlier copy instead of doubling it', async () => {
    const tab = await openTab();
    const first = pending('a-1', 'hello', '2026-11-28T10:00:00.000Z');
    tab.saveOutbox(ME, [first]);
    tab.saveOutbox(ME, [{ ...first, message: { ...first.message, local: 'failed', failure: { code: 'insufficient_credits', needed: 1 } } }]);
    expect(tab.loadOutbox(ME).map((e) => [e.message.body, e.message.local])).toEqual([['hello', 'failed']]);
  });

  it('tells a tab which entries another tab took out (a refused message removed there)', async () => {
    const tab = await openTab();
    const seen: string[][] = [];
    const unwatch = tab.watchOtherTabs(ME, (keys) => seen.push([...keys]));
    const a = JSON.stringify([pending('a-1', 'kept', '2026-11-28T10:00:00.000Z'), pending('a-2', 'removed', '2026-11-28T10:01:00.000Z')]);
    const b = JSON.stringify([pending('a-1', 'kept', '2026-11-28T10:00:00.000Z')]);
    window.dispatchEvent(new StorageEvent('storage', { key: `chat-outbox:${ME}`, oldValue: a, newValue: b }));
    window.dispatchEvent(new StorageEvent('storage', { key: `chat-outbox:${OTHER_PEER}`, oldValue: a, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: `chat-outbox:${ME}`, oldValue: b, newValue: a }));
    unwatch();
    expect(seen).toEqual([[`${ME}:a-2`]]);
  });

  it('log-out in any tab removes every saved message of the device', async () => {
    const tabA = await openTab();
    const tabB = await openTab();
    tabA.saveOutbox(ME, [pending('a-1', 'private', '2026-11-28T10:00:00.000Z')]);
    tabB.clearOutboxes();
    expect(tabB.loadOutbox(ME)).toEqual([]);
  });
});
