import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, type Locale } from '@shared/constants.js';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(dir(path), 'utf8')) as Record<string, string>;
const intlOf = (locale: Locale) => createIntl({ locale: LOCALE_INFO[locale].iso, messages: { ...read(`./messages/chat/${locale}.json`), ...read(`./messages/${locale}.json`) } });

/**
 * The balance under the message box (chat.balance) and the credits badge's label
 * (nav.creditsBadge) at 0 credits, the moment the member has to buy. German "noch" and Dutch
 * "nog" ("still", "more") before a number read "noch 0 Credits", "nog 0 credits": still none.
 * A native speaker says there are none left.
 */
describe('an empty balance', () => {
  it.each([
    ['de', /^keine Credits mehr$/i],
    ['nl', /^geen credits meer$/i],
  ] as const)('says none are left in %s, not "still 0"', (locale, expected) => {
    const intl = intlOf(locale);
    expect(intl.formatMessage({ id: 'chat.balance' }, { balance: 0 })).toMatch(expected);
    expect(intl.formatMessage({ id: 'nav.creditsBadge' }, { count: 0 })).toMatch(expected);
    // and a balance above 0 still counts what is left
    expect(intl.formatMessage({ id: 'chat.balance' }, { balance: 3 })).toMatch(/^no(ch|g) 3 credits$/i);
  });
});
