import { LIKES_PER_DAY } from '@shared/constants.js';
import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { useT } from '../../i18n/use-t.js';

export function MatchFinderPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('matchFinder.title')} subtitle={t('matchFinder.subtitle')}>
      <ComingSoon icon="sparkle" text={t('matchFinder.coming')} />
    </ScreenFrame>
  );
}

export function SwipeGamePage() {
  const t = useT();
  return (
    <ScreenFrame title={t('swipe.title')} subtitle={t('swipe.subtitle', { likes: LIKES_PER_DAY })}>
      <ComingSoon icon="flame" text={t('swipe.coming')} />
    </ScreenFrame>
  );
}
