import { useIntl } from 'react-intl';
import type { ErrorCode } from '@shared/errors.js';
import type { ApiError } from '../api/http.js';

type Values = Record<string, string | number | Date | null | undefined>;

/** Short translation helper: t('nav.search'), t('errors.account_locked', {minutes: 5}). */
export function useT(): (id: string, values?: Values) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The translated text of an error code, with the extra fields of the body (e.g. minutes). */
export function errorText(t: ReturnType<typeof useT>, code: ErrorCode, error?: ApiError): string {
  const values: Values = {};
  for (const [key, value] of Object.entries(error?.body ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  values.minutes ??= 0;
  values.max ??= 0;
  return t(`errors.${code}`, values);
}
