import { useId } from 'react';
import { useT } from '../../i18n/use-t.js';
import { Button, ButtonLink } from '../Button.js';
import { Icon } from '../Icon.js';

export type NoticeKind = 'check_mail' | 'account_exists' | 'account_pending_deletion' | 'signups_closed';

/** The end states of the signup modal: check your e-mail, log in instead, reactivate, invite only. */
export function SignupNotice({ kind, email, onClose, onLeave }: { kind: NoticeKind; email: string; onClose: () => void; onLeave?: () => void }) {
  const t = useT();
  const textId = useId();
  if (kind === 'check_mail') {
    // Shown in place of the form whose "Create my account" had the focus: without autoFocus the
    // focus fell to the page's body behind the dialog. Continue, the only action, takes it and
    // carries the notice as its description, so a screen reader reads where the link went.
    return (
      <div className="notice" data-notice={kind}>
        <div className="notice-icon">
          <Icon name="mail" size={32} />
        </div>
        <p id={textId}>{t('signup.checkMailText', { email })}</p>
        <Button size="lg" block onClick={onClose} autoFocus aria-describedby={textId}>
          {t('common.continue')}
        </Button>
      </div>
    );
  }
  const text = kind === 'signups_closed' ? t('errors.signups_closed') : kind === 'account_exists' ? t('errors.account_exists') : t('signup.reactivateHint');
  return (
    <div className="notice" data-notice={kind} role="alert">
      <div className="notice-icon">
        <Icon name={kind === 'signups_closed' ? 'lock' : 'user'} size={32} />
      </div>
      <p>{text}</p>
      {kind !== 'signups_closed' && (
        <ButtonLink to="/login" size="lg" block onClick={onLeave} state={{ email }}>
          {t('nav.login')}
        </ButtonLink>
      )}
    </div>
  );
}
