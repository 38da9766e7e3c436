import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { newPasswordError } from '@shared/rules/password.js';
import { ApiError } from '../../api/http.js';
import { requestPasswordReset, resetPassword } from '../../api/user.js';
import { Button } from '../../components/Button.js';
import { EmailAddress } from '../../components/EmailAddress.js';
import { Input } from '../../components/Input.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { showToast } from '../../components/Toast.js';
import { errorText, useT } from '../../i18n/use-t.js';
import { useSetAtom } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';

/** /reset-password: asks for the e-mail address and sends the reset link. */
export function ResetPasswordPage() {
  const t = useT();
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (e) {
      setError(e instanceof ApiError ? errorText(t, e.code, e) : t('errors.try_later'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScreenFrame title={t('reset.title')} narrow>
      <div className="auth-card card">
        {sent ? (
          <p className="form-success" role="status">
            {intl.formatMessage({ id: 'reset.sent' }, { email: <EmailAddress value={email.trim()} /> })}
          </p>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} className="stack" noValidate>
            <p className="auth-lead">{t('reset.lead')}</p>
            <Input label={t('login.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} required autoFocus />
            <Button type="submit" size="lg" block busy={busy} disabled={!email.trim()}>
              {t('reset.submit')}
            </Button>
          </form>
        )}
        <p className="auth-switch">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </p>
      </div>
    </ScreenFrame>
  );
}

/** /reset-password/do?token=: the new password form of the e-mailed link. */
export function ResetPasswordDoPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setUser = useSetAtom(userAtom);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The sign-up rule, as the server applies it: characters, not UTF-16 units; nothing typed is missing.
    const problem = newPasswordError(password);
    if (problem) return setErrors({ password: t(`errors.${problem}`) });
    if (password !== confirmation) return setErrors({ confirmation: t('errors.passwords_differ') });
    setBusy(true);
    setErrors({});
    try {
      setUser(await resetPassword(token, password, confirmation));
      showToast(t('reset.done'), 'success');
      void navigate('/members', { replace: true });
    } catch (e) {
      const code = e instanceof ApiError ? e.code : 'try_later';
      if (code === 'passwords_differ') setErrors({ confirmation: t('errors.passwords_differ') });
      else if (code === 'password_length' || code === 'password_required') setErrors({ password: t(`errors.${code}`) });
      else setErrors({ form: errorText(t, code, e instanceof ApiError ? e : undefined) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame title={t('reset.newTitle')} narrow>
      <div className="auth-card card">
        {!token ? (
          <p className="form-alert" role="alert">
            {t('errors.link_invalid')}
          </p>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} className="stack" noValidate>
            {errors.form && (
              <p className="form-alert" role="alert">
                {errors.form}
              </p>
            )}
            <Input label={t('reset.newPassword')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint={t('signup.passwordHint')} autoFocus />
            <Input label={t('reset.confirmPassword')} type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.confirmation} />
            <Button type="submit" size="lg" block busy={busy}>
              {t('reset.save')}
            </Button>
          </form>
        )}
        <p className="auth-switch">
          <Link to="/reset-password">{t('reset.requestNew')}</Link>
        </p>
      </div>
    </ScreenFrame>
  );
}
