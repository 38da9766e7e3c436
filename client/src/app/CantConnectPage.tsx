import { Button } from '../components/Button.js';
import { Illustration } from '../components/Illustration.js';
import { LogoMark } from '../components/Logo.js';
import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { siteNameAtom } from '../state/site-name.js';
import { userUnreachableAtom } from '../state/user.js';
import { retryUserLoadNow } from './boot.js';
import { usePageTitle } from './page-title.js';

/**
 * The whole page while the app cannot learn whether a member is logged in (offline, server
 * errors). It replaces the logged-out screens a member with a valid session must not be shown;
 * boot keeps retrying behind it and the app continues where the URL asked once an attempt works.
 */
export function CantConnectPage() {
  const t = useT();
  const state = useAtomValue(userUnreachableAtom);
  const site = useAtomValue(siteNameAtom);
  usePageTitle(t('cantConnect.title'));
  return (
    <main id="main" className="cant-connect" data-testid="cant-connect">
      <p className="cant-connect-brand">
        <LogoMark size={28} />
        <span>{site}</span>
      </p>
      <section className="cant-connect-card card" aria-labelledby="cant-connect-title">
        <Illustration icon="wifiOff" />
        <h1 id="cant-connect-title">{t('cantConnect.title')}</h1>
        <p className="cant-connect-text" role="status">
          {t('cantConnect.text')}
        </p>
        <Button size="lg" block busy={state === 'trying'} onClick={retryUserLoadNow}>
          {t('cantConnect.retry')}
        </Button>
      </section>
    </main>
  );
}
