/**
 * The label of a day separator in the open chat: "Today", "Yesterday", else the full date
 * ("Thursday 8 January", with the year when it is not this year's), capitalised as the list's
 * times are (capitalize-first.ts).
 */
import type { IntlShape } from 'react-intl';
import { capitalizeFirst } from '../../i18n/capitalize-first.js';
import { calendarDaysBetween } from './chat-format.js';

export function dayLabel(intl: IntlShape, date: Date, now: Date): string {
  const days = calendarDaysBetween(date.getTime(), now.getTime());
  const label = days === 0
    ? intl.formatMessage({ id: 'chat.today' })
    : days === 1
      ? intl.formatMessage({ id: 'chat.yesterday' })
      : intl.formatDate(date, { weekday: 'long', day: 'numeric', month: 'long', year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
  return capitalizeFirst(label, intl.locale);
}
