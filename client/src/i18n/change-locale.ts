import type { Locale } from '@shared/constants.js';
import { saveLanguage } from '../api/user.js';
import { appStore } from '../state/jotai.js';
import { localeAtom } from '../state/locale.js';
import { userAtom } from '../state/user.js';
import { writeLanguageCookie } from './cookie.js';
import { loadMessages } from './load-messages.js';
import { messagesAtom } from './messages-state.js';

/** Loads a locale's messages and makes it current (no cookie, no saving). */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  appStore.set(messagesAtom, messages);
  appStore.set(localeAtom, locale);
  document.documentElement.lang = locale;
}

/** A language choice by the visitor: cookie for 365 days, and saved to the account when logged in (errors ignored). */
export async function chooseLocale(locale: Locale): Promise<void> {
  writeLanguageCookie(locale);
  await activateLocale(locale);
  if (appStore.get(userAtom)) saveLanguage(locale).catch(() => undefined);
}
