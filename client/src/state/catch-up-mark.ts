/**
 * What this tab holds of the member's messages, and where the next catch-up or poll round starts
 * (state/realtime.ts asks and tells it). Ids follow commit order, but frames can be lost or come
 * late, so the newest id held is not always a safe place to start: this keeps the marks that say
 * how far back to go.
 */

const HELD_HISTORY_MS = 15 * 60_000;
/** The outage is measured by the node from when it noticed it; frames may have been lost a little before. */
const OUTAGE_MARGIN_MS = 30_000;
/**
 * How late a message's frame may come after the frame of a later id. Ids follow commit order, but
 * each node publishes its own commits: one stored on a node whose event loop is busy (a turn of
 * 9.8 s was measured once, 10,000 catch-ups arriving together) reaches the member after a later
 * one from another node, or from the member's own node, which needs no Redis. A connection lost
 * in between loses the earlier frame, and a catch-up after the later id skips it. The group
 * commit's wait comes before the id is given, and a publish Redis does not take is lost, not
 * delayed (the publisher fails fast; an outage has its own rewind). Three times the longest turn
 * measured.
 */
export const LATE_FRAME_MARGIN_MS = 30_000;

/** Where a catch-up starts, and whether from there it misses nothing before (see heldThrough). */
export interface CatchUpStart {
  from: number;
  version: number;
  whole: boolean;
  fromNothing: boolean;
}

/**
 * Newest message id applied from the event stream (socket, sync) or the first list: where the next
 * catch-up starts unless resumeFrom says otherwise.
 */
let newestHeld = 0;
/**
 * When newestHeld moved, over the last HELD_HISTORY_MS (the first entry may be older: it is what
 * was held when the window begins). After a Redis outage, catch-up starts from what was held
 * before the outage began: during it, frames relayed through Redis were lost while later ones
 * from this node still arrived and moved newestHeld past them. After a lost connection it starts
 * from what was held LATE_FRAME_MARGIN_MS before the server was last heard (resumeAfterLoss).
 */
const heldHistory: Array<{ at: number; id: number }> = [];
// Every time here is performance.now(), which only moves forward: with the device's clock, a phone
// that took the network's time (an hour ahead) during an outage measured the outage's start an hour
// late, and the catch-up started after the messages it lost (realtime.ts's lastHeardAt likewise).

/**
 * Every message this member may see with an id up to this one is held. Moved by pages of messages
 * read from such a point (a database read misses none before its newest), by the first list, and
 * when a connection is lost, to what was held LATE_FRAME_MARGIN_MS before it was last heard.
 */
let heldThrough = 0;
/**
 * Where the next catch-up or poll round starts when newestHeld may be past a gap (a lost
 * connection, a Redis outage, a catch-up that stopped at its page limit); null: from newestHeld.
 * `resumeVersion`, bumped by each reason, tells a catch-up that ends later that it does not cover it.
 */
let resumeFrom: number | null = null;
let resumeVersion = 0;

/**
 * A new start of the realtime owner holds nothing yet. resumeVersion is not reset: a catch-up of
 * the stopped owner that ends later must still see that it does not cover the reasons since.
 */
export function forgetHeld(): void {
  newestHeld = 0;
  heldHistory.length = 0;
  heldThrough = 0;
  resumeFrom = null;
}

/** Whether any message is held (the first list or the event stream brought one). */
export function holdsAny(): boolean {
  return newestHeld > 0;
}

/** Moves newestHeld up to `id` and notes when (heldHistory). */
export function hold(id: number): void {
  if (id <= newestHeld) return;
  newestHeld = id;
  const now = performance.now();
  heldHistory.push({ at: now, id });
  while (heldHistory.length > 1 && heldHistory[1]!.at <= now - HELD_HISTORY_MS) heldHistory.shift();
}

/** The first list's newest message `id`: nothing older is held, and nothing before it is missing. */
export function holdFirstList(id: number): void {
  hold(id);
  heldThrough = newestHeld;
}

/** A page of messages read after `after`, whose newest is `newest`. */
export function readPage(after: number, newest: number): void {
  // Read from a point with nothing missing before it, the page leaves nothing missing before its newest.
  if (after <= heldThrough) heldThrough = Math.max(heldThrough, newest);
}

/**
 * After a Redis outage of `downMs`: the next catch-up starts from what was held before it began
 * (messages held already come again and are merged by id), and a frame that was due then may
 * have come late (LATE_FRAME_MARGIN_MS). An outage longer than the history goes back as far as
 * it reaches.
 */
export function rewindForOutage(downMs: number): void {
  const before = performance.now() - downMs - OUTAGE_MARGIN_MS - LATE_FRAME_MARGIN_MS;
  const entry = heldHistory.findLast((e) => e.at <= before) ?? heldHistory[0];
  if (entry && entry.id > 0) resumeNoLaterThan(entry.id);
}

/**
 * The connection is lost, and with it any frame still on its way: one for a message stored just
 * before a later one that came (LATE_FRAME_MARGIN_MS). What was held that long before the server
 * was last heard is whole, so the catch-up starts there (the messages after it that are held
 * already come again and are merged by id). Counted from when it was last heard, not from now: a
 * connection that died silently is noticed only when a ping fails to come, up to 45 s later.
 * `lastHeardAt` is null for a connection whose own catch-up never completed: it proves nothing, as
 * a message stored before it joined the member's room reached it neither live nor by that catch-up.
 */
export function resumeAfterLoss(lastHeardAt: number | null): void {
  if (lastHeardAt !== null) {
    const bound = lastHeardAt - LATE_FRAME_MARGIN_MS;
    heldThrough = Math.max(heldThrough, heldHistory.findLast((e) => e.at <= bound)?.id ?? 0);
  }
  resumeNoLaterThan(heldThrough);
}

/** A reason to go back: a catch-up running now (its read may predate it) leaves resumeFrom set. */
function resumeNoLaterThan(id: number): void {
  resumeVersion++;
  if (id < (resumeFrom ?? newestHeld)) resumeFrom = id;
}

/** Where the next catch-up starts, and whether from there it misses nothing before (see heldThrough). */
export function catchUpStart(): CatchUpStart {
  const from = resumeFrom ?? newestHeld;
  // A member who held no message when the page loaded, and holds some now, asks for all of theirs:
  // no more than came since (the catch-up command answers no messages for 0).
  return { from, version: resumeVersion, whole: from <= heldThrough, fromNothing: from === 0 && newestHeld > 0 };
}

/** A catch-up from `start` got to the end: nothing held is past a gap any more (unless a new reason came). */
export function caughtUp(start: CatchUpStart): void {
  if (resumeVersion === start.version) resumeFrom = null;
}

/** A catch-up from `start` stopped at its page limit after `after`: the next one goes on from there. */
export function stoppedAtPageLimit(start: CatchUpStart, after: number): void {
  if (resumeVersion === start.version) resumeFrom = after;
}
