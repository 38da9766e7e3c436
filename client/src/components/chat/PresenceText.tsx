import { useIntl } from 'react-intl';
import type { Presence } from '../../state/chats.js';
import { relativeParts } from './chat-format.js';
import { toServerTime } from '../../state/server-clock.js';
import { useNow } from './use-now.js';

/**
 * The space after a number, before its unit: a no-break one. The time wraps inside only when it is
 * wider than a line by itself (the phone's text size large), and "vor 53 | Minuten" parted them.
 */
const NUMBER_AND_UNIT = /(\d)\s+(?=\p{L})/gu;

/** "Online" or "Last seen 5 minutes ago" in the member's language; nothing for invisible members. */
export function PresenceText({ presence, typing }: { presence: Presence | undefined; typing: boolean }) {
  const intl = useIntl();
  const now = useNow();
  if (typing) return <span className="chat-presence chat-presence-typing">{intl.formatMessage({ id: 'chat.typing' })}</span>;
  if (presence?.online) return <span className="chat-presence chat-presence-online">{intl.formatMessage({ id: 'chat.online' })}</span>;
  if (!presence?.last_seen) return null;
  const { value, unit } = relativeParts(Date.parse(presence.last_seen), toServerTime(now));
  const when = unit === 'second' ? intl.formatMessage({ id: 'chat.justNow' }) : intl.formatRelativeTime(value, unit, { numeric: 'auto' }).replace(NUMBER_AND_UNIT, '$1\u00a0');
  // The time is one piece ("27 minutes ago"): a line too narrow for all of it breaks before it.
  return <span className="chat-presence">{intl.formatMessage({ id: 'chat.lastSeen' }, { when: <span className="chat-presence-when">{when}</span> })}</span>;
}
