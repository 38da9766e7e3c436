import type { ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { DEFAULT_LOCALE, LOCALE_INFO } from '@shared/constants.js';
import { useAtomValue } from '../state/jotai.js';
import { localeAtom } from '../state/locale.js';
import { messagesAtom } from './messages-state.js';

// Missing or broken messages must be loud: e2e tests fail on console errors.
const reportIntlError: IntlConfig['onError'] = (error) => {
  console.error(`[i18n] ${error.code}: ${error.message}`);
};

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const messages = useAtomValue(messagesAtom);
  return (
    <IntlProvider locale={LOCALE_INFO[locale].iso} messages={messages} defaultLocale={LOCALE_INFO[DEFAULT_LOCALE].iso} onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}
