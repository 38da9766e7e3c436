import { ButtonLink } from '../../components/Button.js';
import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { SkeletonGrid } from '../../components/Skeleton.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';

/** /members: the members area home (search). Search itself arrives with a later release. */
export function MembersSearchPage() {
  const t = useT();
  const user = useAtomValue(userAtom);
  return (
    <ScreenFrame title={t('members.title')} subtitle={t('members.subtitle', { name: user?.profile.name ?? '' })}>
      <div className="filter-bar" aria-label={t('members.filters')} role="group">
        <span className="chip">{t('members.filterGender')}</span>
        <span className="chip">{t('members.filterAge')}</span>
        <span className="chip">{t('members.filterCountry')}</span>
      </div>
      <ComingSoon icon="search" text={t('members.coming')}>
        <ButtonLink to="/chats" variant="secondary">
          {t('members.openMessages')}
        </ButtonLink>
      </ComingSoon>
      <SkeletonGrid />
    </ScreenFrame>
  );
}

export { ProfileViewPage } from './ProfileViewPage.js';
