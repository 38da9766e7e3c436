import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/use-t.js';
import { Button, ButtonLink } from '../Button.js';
import { EmailAddress } from '../EmailAddress.js';
import { Icon } from '../Icon.js';

export type NoticeKind = 'check_mail' | 'account_exists' | 'account_pending_deletion' | 'signups_closed';

/**
 * The end states of the signup modal: check your e-mail, log in instead, reactivate, invite only.
 * Each has one action, which takes the focus.
 */
export function SignupNotice({ kind, email, onClose, onLeave }: { kind: NoticeKind; email: string; onClose: () => void; onLeave?: () => void }) {
  const t = useT();
  const intl = useIntl();
  const textId = useId();
  // The notice's one action, found in it: React's autoFocus works on buttons but not on links
  // (Log in is a link).
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (kind !== 'check_mail') notice.current?.querySelector<HTMLElement>('.btn')?.focus();
  }, [kind]);
  if (kind === 'check_mail') {
    // Shown in place of the form whose "Create my account" had the focus: without autoFocus the
    // focus fell to the page's body behind the dialog. Continue, the only action, takes it and
    // carries the notice as its description, so a screen reader reads where the link went.
    return (
      <div className="notice" data-notice={kind}>
        <div className="notice-icon">
          <Icon name="mail" size={32} />
        </div>
        <p id={textId}>{intl.formatMessage({ id: 'signup.checkMailText' }, { email: <EmailAddress value={email} /> })}</p>
        <Button size="lg" block onClick={onClose} autoFocus aria-describedby={textId}>
          {t('common.continue')}
        </Button>
      </div>
    );
  }
  const text = kind === 'signups_closed' ? t('errors.signups_closed') : kind === 'account_exists' ? t('errors.account_exists') : t('signup.reactivateHint');
  // Also shown in place of the form (the server's answer to "Create my account"): the focus fell
  // to the page's body, and Tab went on behind the dialog. The notice's action takes it, with the
  // notice as its description instead of an alert, which a screen reader would read twice.
  return (
    <div className="notice" data-notice={kind} ref={notice}>
      <div className="notice-icon">
        <Icon name={kind === 'signups_closed' ? 'lock' : 'user'} size={32} />
      </div>
      <p id={textId}>{text}</p>
      {kind === 'signups_closed' ? (
        // Nothing to do on an invite-only site but leave: an action within thumb's reach, not only
        // the ×. Named for what the visitor does (as Continue in "Check your e-mail", Cancel in the
        // confirm dialogs): a second "Close" beside the dialog's × gave two controls of one name.
        <Button variant="secondary" size="lg" block onClick={onClose} aria-describedby={textId}>
          {t('signup.closedOk')}
        </Button>
      ) : (
        <ButtonLink to="/login" size="lg" block onClick={onLeave} state={{ email }} aria-describedby={textId}>
          {t('nav.login')}
        </ButtonLink>
      )}
    </div>
  );
}
