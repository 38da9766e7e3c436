import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@shared/constants.js';
import { GIFTS } from '@shared/rules/chat-gifts.js';
import { ICEBREAKERS } from '@shared/rules/chat-icebreakers.js';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(dir(`./messages/chat/${locale}.json`), 'utf8')) as Record<string, string>]),
);
const en = catalogues.en!;

/** The placeholders of an ICU message (plural branches included), from its syntax tree. */
function argumentNames(text: string): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as Array<{ type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }>) {
      if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(parse(text));
  return names;
}

/** Every message id the chat screens ask for, read from their source. */
function idsUsedInSource(): string[] {
  const roots = ['../components/chat', '../routes/chats', '../state'];
  const ids = new Set<string>();
  for (const root of roots) {
    for (const file of readdirSync(dir(root))) {
      if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
      const text = readFileSync(dir(`${root}/${file}`), 'utf8');
      for (const match of text.matchAll(/'((?:chat|icebreaker)\.[A-Za-z.]+[A-Za-z])'/g)) ids.add(match[1]!);
    }
  }
  return [...ids];
}

describe('chat message catalogues', () => {
  it('have exactly the same keys in all 7 locales, all chat. or icebreaker.', () => {
    const keys = Object.keys(en).sort();
    for (const locale of LOCALES) expect(Object.keys(catalogues[locale]!).sort(), locale).toEqual(keys);
    expect(keys.every((k) => k.startsWith('chat.') || k.startsWith('icebreaker.'))).toBe(true);
  });

  it('are valid ICU messages with the same placeholders as English', () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(catalogues[locale]!)) {
        expect(() => parse(text), `${locale} ${key}`).not.toThrow();
        expect(argumentNames(text), `${locale} ${key}`).toEqual(argumentNames(en[key]!));
      }
    }
  });

  it('are really translated (not English copies)', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = Object.keys(en).filter((k) => catalogues[locale]![k] === en[k] && !/^\{count, number\}\/\{max, number\}$/.test(en[k]!));
      // names like "Online" or "Champagne" are the same word in some languages; the rest must differ
      expect(same.length, `${locale}: ${same.join(', ')}`).toBeLessThanOrEqual(4);
    }
  });

  it('cover every id the chat code uses, every gift and every icebreaker', () => {
    for (const id of idsUsedInSource()) expect(en, id).toHaveProperty([id]);
    for (const gift of GIFTS) expect(en).toHaveProperty([`chat.gift.${gift.id}`]);
    for (const icebreaker of ICEBREAKERS) expect(en).toHaveProperty([icebreaker.key]);
    for (const state of ['pending', 'sent', 'read', 'failed']) expect(en).toHaveProperty([`chat.state.${state}`]);
  });
});
