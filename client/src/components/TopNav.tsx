import { NavLink } from 'react-router';
import { creditsBadgeTone } from '@shared/rules/badges.js';
import { useRouteName } from '../app/use-route-name.js';
import { useT } from '../i18n/use-t.js';
import { countsAtom } from '../state/counts.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom } from '../state/user.js';
import { AccountDropdown } from './AccountDropdown.js';
import { BackButton } from './BackButton.js';
import { Badge, CountBadge } from './Badge.js';
import { ButtonLink } from './Button.js';
import { Icon } from './Icon.js';
import { LanguageDropdown } from './LanguageDropdown.js';
import { Logo } from './Logo.js';

function MemberLinks() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const counts = useAtomValue(countsAtom);
  if (!user) return null;
  const creditsTone = creditsBadgeTone(user.credits);
  return (
    <nav className="member-nav" aria-label={t('nav.main')}>
      <NavLink to="/members" className="member-nav-link" end>
        <Icon name="search" />
        <span className="label-long">{t('nav.search')}</span>
        <span className="label-short" aria-hidden="true">
          {t('nav.searchShort')}
        </span>
      </NavLink>
      <NavLink to="/chats" className="member-nav-link">
        <Icon name="chat" />
        <span>{t('nav.messages')}</span>
        <CountBadge count={counts.total_unread} label={t('nav.unreadBadge', { count: counts.total_unread })} />
      </NavLink>
      <NavLink to="/likes" className="member-nav-link">
        <Icon name="heart" />
        <span>{t('nav.likes')}</span>
        <CountBadge count={counts.total_new_likes} label={t('nav.likesBadge', { count: counts.total_new_likes })} />
      </NavLink>
      {user.paid_user ? (
        <NavLink to="/credits" className="member-nav-link">
          <Icon name="coin" />
          <span>{t('nav.credits')}</span>
          {creditsTone && <Badge text={String(user.credits)} tone={creditsTone} label={t('nav.creditsBadge', { count: user.credits })} />}
        </NavLink>
      ) : (
        <NavLink to="/premium" className="member-nav-link member-nav-premium">
          <Icon name="star" />
          <span className="label-long">{t('nav.getPremium')}</span>
          <span className="label-short" aria-hidden="true">
            {t('nav.getPremiumShort')}
          </span>
          {creditsTone && <Badge text={String(user.credits)} tone={creditsTone} label={t('nav.creditsBadge', { count: user.credits })} />}
        </NavLink>
      )}
    </nav>
  );
}

/** Top navigation of the default layout (spec section 2). */
export function TopNav() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const route = useRouteName();
  const showDropdowns = route !== 'complete-signup';
  return (
    <header className="topnav">
      <div className="topnav-inner container">
        <BackButton />
        <Logo />
        <MemberLinks />
        <div className="topnav-actions">
          {showDropdowns && <LanguageDropdown />}
          {user ? showDropdowns && <AccountDropdown /> : route !== 'login' && (
            <ButtonLink to="/login" variant="secondary" size="sm">
              {t('nav.login')}
            </ButtonLink>
          )}
        </div>
      </div>
    </header>
  );
}
