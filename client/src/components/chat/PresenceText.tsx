import { useIntl, type IntlShape } from 'react-intl';
import type { Presence } from '../../state/chats.js';
import { relativeParts, type RelativeUnit } from './chat-format.js';
import { toServerTime } from '../../state/server-clock.js';
import { useNow } from './use-now.js';

/**
 * The space after a number, before its unit: a no-break one. The time wraps inside only when it is
 * wider than a line by itself (the phone's text size large), and "vor 53 | Minuten" parted them.
 */
const NUMBER_AND_UNIT = /(\d)\s+(?=\p{L})/gu;

/**
 * "Last week", "last month", "last year" in our own words: Intl gives them without the article
 * ("settimana scorsa", "mese scorso"), which after "Ultimo accesso" Italian needs.
 */
const PREVIOUS_UNIT_IDS: Partial<Record<RelativeUnit, string>> = { week: 'chat.lastWeek', month: 'chat.lastMonth', year: 'chat.lastYear' };

/** The "when" of the line: "just now", "last week" (ours), else Intl's "5 minutes ago", "yesterday". */
function whenText(intl: IntlShape, value: number, unit: RelativeUnit): string {
  if (unit === 'second') return intl.formatMessage({ id: 'chat.justNow' });
  const previousUnitId = value === -1 ? PREVIOUS_UNIT_IDS[unit] : undefined;
  if (previousUnitId) return intl.formatMessage({ id: previousUnitId });
  return intl.formatRelativeTime(value, unit, { numeric: 'auto' }).replace(NUMBER_AND_UNIT, '$1\u00a0');
}

/** "Online" or "Last seen 5 minutes ago" in the member's language; nothing for invisible members. */
export function PresenceText({ presence, typing }: { presence: Presence | undefined; typing: boolean }) {
  const intl = useIntl();
  const now = useNow();
  if (typing) return <span className="chat-presence chat-presence-typing">{intl.formatMessage({ id: 'chat.typing' })}</span>;
  if (presence?.online) return <span className="chat-presence chat-presence-online">{intl.formatMessage({ id: 'chat.online' })}</span>;
  if (!presence?.last_seen) return null;
  const { value, unit } = relativeParts(Date.parse(presence.last_seen), toServerTime(now));
  const when = whenText(intl, value, unit);
  // The time is one piece ("27 minutes ago"): a line too narrow for all of it breaks before it.
  return <span className="chat-presence">{intl.formatMessage({ id: 'chat.lastSeen' }, { when: <span className="chat-presence-when">{when}</span> })}</span>;
}
