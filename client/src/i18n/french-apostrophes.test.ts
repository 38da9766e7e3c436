import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isArgumentElement, isLiteralElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(dir(path), 'utf8')) as Record<string, string>;
const french = { ...read('./messages/chat/fr.json'), ...read('./messages/fr.json') };

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
 * French typesets its apostrophe as ’ ("l’accueil"); the catalogue had 55 straight ones beside
 * the ’ of the chat screens and the e-mails, so one screen wrote "d'intérêt" and the next "l’instant".
 */
describe('French apostrophes', () => {
  it('are typographic (’) in every message a reader sees', () => {
    const straight = Object.entries(french)
      .filter(([, text]) => visibleText(parse(text)).includes("'"))
      .map(([key, text]) => `${key}: ${text}`);
    expect(straight).toEqual([]);
  });

  it('leave every message’s arguments in place', () => {
    const intl = createIntl({ locale: 'fr-FR', messages: french, onError: (error) => { throw error; } });
    const lost = Object.entries(french).flatMap(([key, text]) => {
      const values = sampleValues(parse(text));
      const shown = intl.formatMessage({ id: key }, values as Record<string, string>);
      const output = Array.isArray(shown) ? shown.join('') : String(shown);
      return Object.entries(values)
        .filter(([, value]) => typeof value === 'string' && value.startsWith('«') && !output.includes(value))
        .map(([name]) => `${key}: {${name}} not in "${output}"`);
    });
    expect(lost).toEqual([]);
  });

  it('render "d’ici" and the e-mail address in the activation banner', () => {
    const intl = createIntl({ locale: 'fr-FR', messages: french });
    expect(intl.formatMessage({ id: 'activation.text' }, { email: 'anna@example.com' })).toBe(
      'Confirme ton adresse e-mail\u00a0: nous avons envoyé un lien à anna@example.com. D’ici là, les autres membres ne peuvent pas te répondre.',
    );
  });
});
