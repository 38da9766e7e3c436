/**
 * The server's "now" on this device. Message times and last seen are the server's; a device whose
 * clock is wrong (set by hand, a time zone picked for the wrong city, a phone whose battery ran
 * flat) measured them against its own and said "last seen yesterday" of someone who just left,
 * "Yesterday" over a message just written, and dated the member's own pending message a day off.
 *
 * The offset comes from the `Date` header of every API answer (api/http.ts): the server wrote it
 * between the request leaving and the answer coming, at a time of that whole second. Each answer
 * bounds the offset; the bounds of the answers held so far narrow it down to about the round trip.
 * Bounds that no longer overlap mean the device's clock was set meanwhile: the new answer's alone
 * count then.
 */

let bounds: { low: number; high: number } | null = null;

/** Learns from one API answer: its `Date` header, when (device clock) the request left and the answer came. */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const serverSecond = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
  if (!Number.isFinite(serverSecond)) return;
  const low = serverSecond - receivedAt;
  const high = serverSecond + 1_000 - sentAt;
  bounds = bounds && low <= bounds.high && high >= bounds.low
    ? { low: Math.max(low, bounds.low), high: Math.min(high, bounds.high) }
    : { low, high };
}

/** How far the server's clock is ahead of this device's (ms; negative when behind). 0 before any answer. */
export function serverOffset(): number {
  return bounds ? Math.round((bounds.low + bounds.high) / 2) : 0;
}

/** The server's time at device time `deviceMs`. */
export function toServerTime(deviceMs: number): number {
  return deviceMs + serverOffset();
}

/** The server's time now, as far as this device can tell. */
export function serverNow(): number {
  return toServerTime(Date.now());
}

/** Test seam: a new page knows nothing of the server's clock. */
export function forgetServerClock(): void {
  bounds = null;
}
