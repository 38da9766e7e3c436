import { NavLink, useParams } from 'react-router';
import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { SkeletonGrid } from '../../components/Skeleton.js';
import { useT } from '../../i18n/use-t.js';

/** /likes and /likes/:type: likes received and given. */
export function LikesPage() {
  const t = useT();
  const { type } = useParams();
  return (
    <ScreenFrame title={t('likes.title')}>
      <nav className="tabs" aria-label={t('likes.title')}>
        <NavLink to="/likes" end className="tab">
          {t('likes.received')}
        </NavLink>
        <NavLink to="/likes/given" className="tab">
          {t('likes.given')}
        </NavLink>
      </nav>
      <ComingSoon icon="heart" text={t(type === 'given' ? 'likes.comingGiven' : 'likes.coming')} />
      <SkeletonGrid count={4} />
    </ScreenFrame>
  );
}

export function LikedMemberPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('likes.title')}>
      <ComingSoon icon="heart" text={t('likes.coming')} />
    </ScreenFrame>
  );
}
