import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { SkeletonList } from '../../components/Skeleton.js';
import { Icon } from '../../components/Icon.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';

function PackagePreview() {
  const t = useT();
  return (
    <div className="package-grid" aria-hidden="true">
      {[1, 2, 3].map((n) => (
        <div key={n} className={`package-card card${n === 2 ? ' package-card-featured' : ''}`}>
          <Icon name="coin" size={28} />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line-short" />
          {n === 2 && <span className="pill">{t('credits.popular')}</span>}
        </div>
      ))}
    </div>
  );
}

export function CreditsPage() {
  const t = useT();
  const user = useAtomValue(userAtom);
  return (
    <ScreenFrame title={t('credits.title')} subtitle={t('credits.balance', { credits: user?.credits ?? 0 })}>
      <ComingSoon icon="coin" text={t('credits.coming')} />
      <PackagePreview />
    </ScreenFrame>
  );
}

export function PremiumPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('premium.title')} subtitle={t('premium.subtitle', { percent: 46 })}>
      <ComingSoon icon="star" text={t('premium.coming')} />
      <PackagePreview />
    </ScreenFrame>
  );
}

export function PricingPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('pricing.title')} subtitle={t('pricing.subtitle')}>
      <ComingSoon icon="coin" text={t('pricing.coming')} />
      <PackagePreview />
    </ScreenFrame>
  );
}

export function PaymentMethodPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('payment.title')}>
      <ComingSoon icon="lock" text={t('payment.coming')} />
      <SkeletonList />
    </ScreenFrame>
  );
}

export function RepeatOrderPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('repeatOrder.title')}>
      <ComingSoon icon="coin" text={t('payment.coming')} />
      <SkeletonList rows={3} />
    </ScreenFrame>
  );
}

export function DirectDebitPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('directDebit.title')} narrow>
      <ComingSoon icon="lock" text={t('payment.coming')} />
    </ScreenFrame>
  );
}

export function TransactionsPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('transactions.title')}>
      <ComingSoon icon="coin" text={t('transactions.coming')} />
      <SkeletonList />
    </ScreenFrame>
  );
}
