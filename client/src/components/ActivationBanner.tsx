import { useState } from 'react';
import { useIntl } from 'react-intl';
import { resendActivationMail } from '../api/user.js';
import { ApiError } from '../api/http.js';
import { errorText, useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom } from '../state/user.js';
import { Button } from './Button.js';
import { EmailAddress } from './EmailAddress.js';
import { Icon } from './Icon.js';
import { showToast } from './Toast.js';

/** Warnings header: reminds a not_confirmed member to click the e-mail link, with a resend button. */
export function ActivationBanner() {
  const t = useT();
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  if (user?.status !== 'not_confirmed') return null;
  const resend = async () => {
    setBusy(true);
    try {
      await resendActivationMail();
      setSent(true);
      showToast(t('activation.sent', { email: user.email }), 'success');
    } catch (error) {
      showToast(errorText(t, error instanceof ApiError ? error.code : 'try_later', error instanceof ApiError ? error : undefined), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="banner banner-warning" role="region" aria-label={t('activation.label')}>
      <div className="container banner-inner">
        <Icon name="mail" />
        <p>{intl.formatMessage({ id: 'activation.text' }, { email: <EmailAddress value={user.email} /> })}</p>
        <Button size="sm" variant="light" busy={busy} disabled={sent} onClick={() => void resend()}>
          {sent ? t('activation.resent') : t('activation.resend')}
        </Button>
      </div>
    </div>
  );
}
