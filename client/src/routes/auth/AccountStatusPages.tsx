import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DELETION_UNDO_DAYS } from '@shared/constants.js';
import { refreshUser } from '../../app/boot.js';
import { ApiError } from '../../api/http.js';
import { confirmMailChange } from '../../api/user.js';
import { ButtonLink } from '../../components/Button.js';
import { Illustration } from '../../components/Illustration.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { Spinner } from '../../components/Spinner.js';
import { errorText, useT } from '../../i18n/use-t.js';
import { useAtomValue, useSetAtom } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';
import type { IconName } from '../../components/Icon.js';

function StatusCard({ icon, title, text, children }: { icon: IconName; title: string; text: string; children?: ReactNode }) {
  return (
    <ScreenFrame title={title} narrow>
      <div className="card status-card">
        <Illustration icon={icon} />
        <p>{text}</p>
        {children}
      </div>
    </ScreenFrame>
  );
}

/** /activate/done: the e-mail link worked; the server already logged the member in. */
export function ActivateDonePage() {
  const t = useT();
  useEffect(() => void refreshUser(), []);
  return (
    <StatusCard icon="check" title={t('activate.doneTitle')} text={t('activate.doneText')}>
      <ButtonLink to="/members" size="lg">
        {t('activate.toMembers')}
      </ButtonLink>
    </StatusCard>
  );
}

export function ActivateErrorPage() {
  const t = useT();
  const user = useAtomValue(userAtom);
  return (
    <StatusCard icon="mail" title={t('errors.activation_failed')} text={t('errors.link_invalid')}>
      {user ? <p className="muted">{t('activate.resendHint')}</p> : <ButtonLink to="/login">{t('nav.login')}</ButtonLink>}
    </StatusCard>
  );
}

/** /mail-change/do?token=: applies the new address as soon as the page opens. */
export function MailChangeDoPage() {
  const t = useT();
  const [params] = useSearchParams();
  const setUser = useSetAtom(userAtom);
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  const token = params.get('token') ?? '';
  useEffect(() => {
    if (!token) return setState({ done: true, error: t('errors.link_invalid') });
    confirmMailChange(token)
      .then((user) => {
        setUser(user);
        setState({ done: true, error: null });
      })
      .catch((e: unknown) => setState({ done: true, error: e instanceof ApiError ? errorText(t, e.code, e) : t('errors.try_later') }));
  }, [token]);
  if (!state.done) return <Spinner block />;
  return state.error ? (
    <StatusCard icon="mail" title={t('mailChange.title')} text={state.error} />
  ) : (
    <StatusCard icon="check" title={t('mailChange.title')} text={t('mailChange.done')}>
      <ButtonLink to="/members">{t('activate.toMembers')}</ButtonLink>
    </StatusCard>
  );
}

export function AccountDeletedPage() {
  const t = useT();
  return (
    <StatusCard icon="heart" title={t('accountDeleted.title')} text={t('accountDeleted.text', { days: DELETION_UNDO_DAYS })}>
      <Link to="/">{t('errorPage.home')}</Link>
    </StatusCard>
  );
}
