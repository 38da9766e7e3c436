import { useEffect } from 'react';
import { usePageTitle } from '../../app/page-title.js';
import { LogoMark } from '../../components/Logo.js';
import { useT } from '../../i18n/use-t.js';
import { useSetAtom } from '../../state/jotai.js';
import { signupModalOpenAtom } from '../../state/ui.js';

/** /signup (empty layout): a quiet branded backdrop with the signup modal open on top. */
export function SignupPage() {
  const t = useT();
  const openSignup = useSetAtom(signupModalOpenAtom);
  usePageTitle(t('signup.title'));
  useEffect(() => openSignup(true), [openSignup]);
  return (
    <div className="signup-backdrop">
      <div className="signup-backdrop-brand">
        <LogoMark size={56} />
        <p>{t('landing.title')}</p>
        <button type="button" className="btn btn-light btn-lg" onClick={() => openSignup(true)}>
          {t('landing.cta')}
        </button>
      </div>
    </div>
  );
}
