import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isArgumentElement, isLiteralElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(dir(path), 'utf8')) as Record<string, string>;
const catalogue = (locale: string) => ({ ...read(`./messages/chat/${locale}.json`), ...read(`./messages/${locale}.json`) });

/**
 * The text a reader sees, without the ICU syntax: the parser has already undone ICU's own quoting
 * (a straight ' before { or } escapes it, '' is one '), so a ' left in a literal is shown as it is.
 */
function visibleText(elements: MessageFormatElement[]): string {
  return elements
    .map((el) => {
      if (isLiteralElement(el)) return el.value;
      if (isTagElement(el)) return visibleText(el.children);
      if (isPluralElement(el) || isSelectElement(el)) return Object.values(el.options).map((option) => visibleText(option.value)).join(' ');
      return ' ';
    })
    .join('');
}

/** Sample values for a message's arguments: a number where it is counted, a marked word otherwise. */
function sampleValues(elements: MessageFormatElement[], values: Record<string, unknown> = {}): Record<string, unknown> {
  for (const el of elements) {
    if (isArgumentElement(el)) values[el.value] = `«${el.value}»`;
    if (isNumberElement(el) || isPluralElement(el)) values[el.value] = 3;
    if (isSelectElement(el)) values[el.value] = 'other';
    if (isTagElement(el)) {
      values[el.value] = (chunks: string[]) => chunks.join('');
      sampleValues(el.children, values);
    }
    if (isPluralElement(el) || isSelectElement(el)) for (const option of Object.values(el.options)) sampleValues(option.value, values);
  }
  return values;
}

/**
 * French and Italian typeset their apostrophe as ’ ("l’accueil", "l’e-mail"). The shell catalogues
 * had straight ones (French 55, Italian 26) beside the ’ of the chat screens and the e-mails, so one
 * screen wrote "d'intérêt" or "dell'account" and the next "l’instant" or "d’ora".
 */
describe.each([
  { locale: 'fr', iso: 'fr-FR' },
  { locale: 'it', iso: 'it-IT' },
])('$locale apostrophes', ({ locale, iso }) => {
  const messages = catalogue(locale);

  it('are typographic (’) in every message a reader sees', () => {
    const straight = Object.entries(messages)
      .filter(([, text]) => visibleText(parse(text)).includes("'"))
      .map(([key, text]) => `${key}: ${text}`);
    expect(straight).toEqual([]);
  });

  it('leave every message’s arguments in place', () => {
    const intl = createIntl({ locale: iso, messages, onError: (error) => { throw error; } });
    const lost = Object.entries(messages).flatMap(([key, text]) => {
      const values = sampleValues(parse(text));
      const shown = intl.formatMessage({ id: key }, values as Record<string, string>);
      const output = Array.isArray(shown) ? shown.join('') : String(shown);
      return Object.entries(values)
        .filter(([, value]) => typeof value === 'string' && value.startsWith('«') && !output.includes(value))
        .map(([name]) => `${key}: {${name}} not in "${output}"`);
    });
    expect(lost).toEqual([]);
  });
});

describe('apostrophes as shown', () => {
  it('render "d’ici" and the e-mail address in the French activation banner', () => {
    const intl = createIntl({ locale: 'fr-FR', messages: catalogue('fr') });
    expect(intl.formatMessage({ id: 'activation.text' }, { email: 'anna@example.com' })).toBe(
      'Confirme ton adresse e-mail\u00a0: nous avons envoyé un lien à anna@example.com. D’ici là, les autres membres ne peuvent pas te répondre.',
    );
  });

  it('render "dell’account" and the name in the Italian account menu label', () => {
    const intl = createIntl({ locale: 'it-IT', messages: catalogue('it') });
    expect(intl.formatMessage({ id: 'nav.account' }, { name: 'Giulia' })).toBe('Menu dell’account di Giulia');
  });
});
