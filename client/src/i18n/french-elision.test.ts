import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(dir(path), 'utf8')) as Record<string, string>;
const french = { ...read('./messages/chat/fr.json'), ...read('./messages/fr.json') };
const intl = createIntl({ locale: 'fr-FR', messages: french });

/**
 * French elides "de", "que", "le", "la" before a vowel ("la photo d'Anna", "pour qu'Amora"). A
 * catalogue string cannot know the name it gets, so none may put one of these words right before
 * {name}: the site's own name (Amora) and many members' names (Anna, Emma, Élodie) begin with a
 * vowel, and "Pour que Amora reste…", "Photo de Anna" read as a mistake to a French reader.
 */
describe('French texts with a name', () => {
  it('never leave "de", "que", "le" or "la" unelided before a name that begins with a vowel', () => {
    const unelided = /(^|[\s'’(])(de|que|le|la|jusque|lorsque|puisque) [AEIOUÉÈÊÀÂÎÔ]/;
    const wrong = Object.keys(french)
      .filter((key) => /\{name\}/.test(french[key]!))
      .flatMap((key) => ['Amora', 'Anna', 'Élodie'].map((name) => [key, intl.formatMessage({ id: key }, { name, year: 2026, email: 'x@example.com', credits: 1 })] as const))
      .filter(([, text]) => unelided.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
