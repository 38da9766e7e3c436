import type { Locale } from '@shared/constants.js';
import { keepEmailWhole } from './keep-email-whole.js';

export type Messages = Record<string, string>;

// Each locale is its own chunk, so a visitor downloads only the language they read. The chat
// helper's catalogues (messages/chat/<locale>.json) are merged in when they exist.
const shellCatalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const chatCatalogues = import.meta.glob<Messages>('./messages/chat/*.json', { import: 'default' });

async function load(catalogues: Record<string, () => Promise<Messages>>, path: string): Promise<Messages> {
  const loader = catalogues[path];
  return loader ? loader() : {};
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const [shell, chat] = await Promise.all([load(shellCatalogues, `./messages/${locale}.json`), load(chatCatalogues, `./messages/chat/${locale}.json`)]);
  const merged: Messages = { ...chat, ...shell };
  for (const key of Object.keys(merged)) merged[key] = keepEmailWhole(merged[key]!);
  return merged;
}
