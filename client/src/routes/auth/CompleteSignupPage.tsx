import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button.js';
import { EmailAddress } from '../../components/EmailAddress.js';
import { Icon } from '../../components/Icon.js';
import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';

/** After sign-up: confirm the e-mail, then complete the profile (the profile steps come later). */
export function CompleteSignupPage() {
  const t = useT();
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  const confirmed = user?.status === 'active';
  return (
    // Reached from the sign-up dialog's Continue, which closes with the dialog: the keyboard and a
    // screen reader start at the welcome instead of the top of the page.
    <ScreenFrame title={t('completeSignup.title', { name: user?.profile.name ?? '' })} subtitle={t('completeSignup.subtitle')} narrow focusTitle>
      <ol className="checklist card">
        <li className="checklist-done">
          <Icon name="check" /> <span>{t('completeSignup.accountCreated')}</span>
        </li>
        <li className={confirmed ? 'checklist-done' : ''}>
          <Icon name={confirmed ? 'check' : 'mail'} />{' '}
          {/* One box for the sentence: as flex items of the row, its text and the address stood in two narrow columns. */}
          <span>{confirmed ? t('completeSignup.emailConfirmed') : intl.formatMessage({ id: 'completeSignup.confirmEmail' }, { email: <EmailAddress value={user?.email ?? ''} /> })}</span>
        </li>
        <li>
          <Icon name="user" /> <span>{t('completeSignup.addPhoto')}</span>
        </li>
      </ol>
      <ComingSoon icon="user" text={t('completeSignup.coming')}>
        <ButtonLink to="/members" size="lg">
          {t('completeSignup.skip')}
        </ButtonLink>
      </ComingSoon>
    </ScreenFrame>
  );
}

export function SignupMatchesPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('signupMatches.title')} subtitle={t('signupMatches.subtitle')}>
      <ComingSoon icon="heart" text={t('signupMatches.coming')}>
        <ButtonLink to="/members">{t('completeSignup.skip')}</ButtonLink>
      </ComingSoon>
    </ScreenFrame>
  );
}
