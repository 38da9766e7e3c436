import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginFieldErrors } from '@shared/rules/login-fields.js';
import { ApiError } from '../../api/http.js';
import { login } from '../../api/user.js';
import { Button } from '../../components/Button.js';
import { Input } from '../../components/Input.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { errorText, useT } from '../../i18n/use-t.js';
import { useSetAtom } from '../../state/jotai.js';
import { signupModalOpenAtom } from '../../state/ui.js';
import { userAtom } from '../../state/user.js';
import { takeSessionEnded } from '../../app/session-ended.js';

interface LoginState {
  from?: string;
  email?: string;
}

/** Log-in form; errors are the spec's texts (login_failed, account_locked with minutes ...). */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;
  const setUser = useSetAtom(userAtom);
  const openSignup = useSetAtom(signupModalOpenAtom);
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessionEnded] = useState(takeSessionEnded);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Names what is missing: "enter your e-mail address and password" for a password alone read as
    // if the address (often filled in from sign-up) had been lost.
    const missing = Object.values(loginFieldErrors(email, password));
    if (missing.length > 0) {
      setError(missing.length === 2 ? t('login.fillBoth') : t(`errors.${missing[0]!}`));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await login(email.trim(), password);
      setUser(user);
      void navigate(state.from && state.from !== '/login' ? state.from : '/members', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? errorText(t, e.code, e) : t('errors.try_later'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame title={t('login.title')} narrow>
      <div className="auth-card card">
        <p className="auth-lead">{t('login.lead')}</p>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="stack">
          {sessionEnded && !error && (
            <p className="form-info" role="status" data-testid="session-ended">
              {t('login.sessionEnded')}
            </p>
          )}
          {error && (
            <p className="form-alert" role="alert" data-testid="login-error">
              {error}
            </p>
          )}
          <Input label={t('login.email')} type="email" name="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <Input label={t('login.password')} type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="auth-row">
            <Link to="/reset-password">{t('login.forgot')}</Link>
          </div>
          <Button type="submit" size="lg" block busy={busy}>
            {t('login.submit')}
          </Button>
        </form>
        <p className="auth-switch">
          {t('login.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openSignup(true)}>
            {t('login.signupLink')}
          </button>
        </p>
      </div>
    </ScreenFrame>
  );
}
