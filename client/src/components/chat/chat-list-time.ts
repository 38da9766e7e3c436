/**
 * The time a chat list entry shows for its last message (listTimeKind picks which form):
 * "14:05", "Yesterday", "Thu", "8 Jan", "8 Jan 2025".
 */
import type { IntlShape } from 'react-intl';
import { capitalizeFirst } from '../../i18n/capitalize-first.js';
import { listTimeKind } from './chat-format.js';

export function listTime(intl: IntlShape, iso: string, now: number): string {
  return capitalizeFirst(uncapitalizedListTime(intl, iso, now), intl.locale);
}

function uncapitalizedListTime(intl: IntlShape, iso: string, now: number): string {
  switch (listTimeKind(Date.parse(iso), now)) {
    case 'time':
      return intl.formatTime(iso, { hour: '2-digit', minute: '2-digit' });
    case 'yesterday':
      return intl.formatMessage({ id: 'chat.yesterday' });
    case 'weekday':
      return intl.formatDate(iso, { weekday: 'short' });
    case 'date':
      return intl.formatDate(iso, { day: 'numeric', month: 'short' });
    case 'dateWithYear':
      return intl.formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
  }
}
