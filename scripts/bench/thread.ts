/**
 * `npm run bench -- thread`: what the open chat's client does for each live message, in a chat
 * that holds 100, 1,000 or 10,000 messages: merge it into the thread (`mergeStored`), build the
 * list's rows (`buildRows`: day separators, groups), their keys and their offsets, as MessageList
 * does before React renders the few rows on screen. Beside it, in the same run, the floor of any
 * immutable update of that chat: copying its array of messages and appending one. Node on this
 * machine, not a phone: a phone's core is several times slower, so what counts is the ratio.
 */
import type { MessageDto } from '@shared/api/chats.js';
import { buildRows } from '../../client/src/components/chat/chat-format.js';
import { buildOffsets } from '../../client/src/components/chat/chat-virtual-window.js';
import { emptyThread, mergeStored, visibleMessages, type Thread } from '../../client/src/state/chat-thread.js';
import { median, printTable, type Cell } from './lib/table.js';

export const description = "a live message in an open chat of up to 10,000 messages (the client's merge and rows) against copying the array";

const SIZES = [100, 1_000, 10_000];
const LIVE = 200;
const ROUNDS = 5;
const PEER = 2;
const ME = 1;

function dto(id: number): MessageDto {
  return {
    id,
    conversation: 1,
    sender: id % 3 === 0 ? ME : PEER,
    client_id: `bench-${id}`,
    kind: 'text',
    body: `Message ${id}`,
    gift_id: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + id * 20 * 60_000).toISOString(),
  };
}

function heldThread(size: number): Thread {
  let thread = emptyThread(PEER, 1);
  for (let top = size; top > 0; top -= 50) thread = mergeStored(thread, Array.from({ length: Math.min(50, top) }, (_, i) => dto(top - Math.min(50, top) + 1 + i)));
  return thread;
}

/** µs per live message for the client's path. */
function clientPath(size: number): number {
  let thread = heldThread(size);
  buildRows(visibleMessages(thread)); // the chat as it opened
  const started = performance.now();
  for (let id = size + 1; id <= size + LIVE; id++) {
    thread = mergeStored(thread, [dto(id)]);
    const rows = buildRows(visibleMessages(thread));
    const keys = rows.map((r) => r.key);
    const offsets = buildOffsets(rows.map((r) => (r.type === 'day' ? 44 : 64)));
    if (keys.length + 1 !== offsets.length) throw new Error('rows and offsets differ');
  }
  return ((performance.now() - started) * 1000) / LIVE;
}

/** µs per live message for the floor: a copy of the array with the message appended. */
function copyFloor(size: number): number {
  let messages = visibleMessages(heldThread(size));
  const started = performance.now();
  for (let id = size + 1; id <= size + LIVE; id++) {
    const next = messages.slice();
    next.push({ ...messages[0]!, id });
    messages = next;
  }
  return ((performance.now() - started) * 1000) / LIVE;
}

export async function main(): Promise<void> {
  const rows: Cell[][] = [];
  for (const size of SIZES) {
    const app: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      app.push(clientPath(size));
      floor.push(copyFloor(size));
    }
    rows.push([size, median(app), median(floor), Math.min(...app), Math.max(...app)]);
  }
  printTable(
    `µs per live message, median of ${ROUNDS} rounds of ${LIVE} messages each (alternating)`,
    ['messages held', 'merge + rows + offsets', 'array copy (floor)', 'min', 'max'],
    rows,
  );
}
