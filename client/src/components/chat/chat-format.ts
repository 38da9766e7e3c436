/**
 * Locale-aware formatting for the chat screens that is worth testing on its own: the minimum
 * message cost in the country's currency, "last seen" as a relative time, and day separators.
 */
import type { ChatMessage } from '../../state/chat-thread.js';

/**
 * A cost in minor units (cents) as the country's currency, written the way the member's language
 * writes it in that country (e.g. de + CH -> "CHF 0.50", nl + NL -> "€ 0,50"). The number of minor
 * digits comes from Intl, so currencies without cents (none seeded today) still come out right.
 */
export function formatMinorUnits(costs: number, currency: string, language: string, country: string): string {
  const tag = localeTag(language, country);
  // narrowSymbol: the member's own country's currency needs no mark telling it from others' ("£GB", "GBP").
  const format = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(costs / 10 ** digits);
}

function localeTag(language: string, country: string): string {
  const candidate = `${language}-${country.toUpperCase()}`;
  try {
    return Intl.NumberFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : language;
  } catch {
    return language;
  }
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** The largest unit that fits a past moment, as a negative value for Intl.RelativeTimeFormat. */
export function relativeParts(thenMs: number, nowMs: number): { value: number; unit: RelativeUnit } {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 60) return { value: -seconds, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: -minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: -hours, unit: 'hour' };
  // Days by the calendar, as the words say them: 39 hours ago, on the day before yesterday, is
  // "2 days ago", not "yesterday".
  const days = Math.max(1, calendarDaysBetween(thenMs, nowMs));
  if (days < 7) return { value: -days, unit: 'day' };
  if (days < 30) return { value: -Math.floor(days / 7), unit: 'week' };
  // Months of 30 days reach 12 at day 360, five days before a year of 365: "12 months ago" is a year.
  const months = Math.floor(days / 30);
  if (months < 12) return { value: -months, unit: 'month' };
  return { value: -Math.max(1, Math.floor(days / 365)), unit: 'year' };
}

/**
 * How the chat list dates its last message, as messengers do: the time today, "yesterday", the
 * weekday within the last week, else the date (with the year when it is not this year's). The chat
 * itself names its days the same way (today, yesterday, a date), so the two never disagree.
 */
export type ListTimeKind = 'time' | 'yesterday' | 'weekday' | 'date' | 'dateWithYear';

export function listTimeKind(thenMs: number, nowMs: number): ListTimeKind {
  const days = calendarDaysBetween(thenMs, nowMs);
  if (days <= 0) return 'time';
  if (days === 1) return 'yesterday';
  if (days < 7) return 'weekday';
  return new Date(thenMs).getFullYear() === new Date(nowMs).getFullYear() ? 'date' : 'dateWithYear';
}

/** Local midnights from `thenMs` to `nowMs` (rounded, so a daylight-saving day still counts one). */
export function calendarDaysBetween(thenMs: number, nowMs: number): number {
  const midnight = (ms: number) => {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  return Math.round((midnight(nowMs) - midnight(thenMs)) / 86_400_000);
}

/** Calendar day of a timestamp in the viewer's time zone, e.g. '2025-03-09'. */
export function localDayKey(iso: string): string {
  const date = new Date(iso);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * Day keys of the messages already placed, for the zone they were computed in. The rows are built
 * again on every message that arrives, and parsing every date of a 10,000-message chat each time
 * was most of that work. A member whose zone changes (travel) gets them computed afresh: a new
 * UTC offset is seen at once (a fraction of a microsecond to read), a move to another zone of the
 * same offset within ZONE_NAME_CHECK_MS (reading the zone's name costs about 0.2 ms).
 */
let dayKeys = new WeakMap<ChatMessage, string>();
let dayKeysOffset: number | undefined;
let dayKeysZone: string | undefined;
let zoneCheckedAt = -Infinity;
const ZONE_NAME_CHECK_MS = 10_000;

function dayKeyOf(message: ChatMessage): string {
  let key = dayKeys.get(message);
  if (key === undefined) {
    key = localDayKey(message.created_at);
    dayKeys.set(message, key);
  }
  return key;
}

function forgetDayKeysOfAnotherZone(): void {
  const offset = new Date().getTimezoneOffset();
  let zone = dayKeysZone;
  if (Date.now() - zoneCheckedAt >= ZONE_NAME_CHECK_MS) {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    zoneCheckedAt = Date.now();
  }
  if (offset === dayKeysOffset && zone === dayKeysZone) return;
  dayKeys = new WeakMap();
  dayKeysOffset = offset;
  dayKeysZone = zone;
}

export const UNREAD_ROW_KEY = 'unread';

export type ChatRow =
  | { type: 'day'; key: string; date: string }
  | { type: 'unread'; key: typeof UNREAD_ROW_KEY }
  | { type: 'message'; key: string; message: ChatMessage; firstOfGroup: boolean };

/**
 * The rows of the message list: a day separator before the first message of each day, group
 * marks so consecutive bubbles of one sender sit closer together, and "Unread messages" before
 * `unreadFromKey`, the first message that was unread when the chat was opened.
 * Days only go forward: the member's own messages not sent yet come after the stored ones, and
 * one written before midnight that still waits once a message of the new day came would have
 * named yesterday again below "Today" (with a second row of the same key). It stays under the
 * latest day, with its own time.
 */
export function buildRows(messages: readonly ChatMessage[], unreadFromKey: string | null = null): ChatRow[] {
  forgetDayKeysOfAnotherZone();
  const rows: ChatRow[] = [];
  let previousDay = '';
  let previousSender = -1;
  for (const message of messages) {
    const day = dayKeyOf(message);
    // Day keys are zero-padded YYYY-MM-DD: their order is the days' order.
    if (day > previousDay) {
      rows.push({ type: 'day', key: `day-${day}`, date: message.created_at });
      previousDay = day;
      previousSender = -1;
    }
    if (message.key === unreadFromKey) {
      rows.push({ type: 'unread', key: UNREAD_ROW_KEY });
      previousSender = -1;
    }
    rows.push({ type: 'message', key: message.key, message, firstOfGroup: message.sender !== previousSender });
    previousSender = message.sender;
  }
  return rows;
}
