import { useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.js';
import { ButtonLink } from '../../components/Button.js';
import { Icon } from '../../components/Icon.js';
import { useT } from '../../i18n/use-t.js';
import { HeroArt } from '../home/HeroArt.js';

/** Shared frame of the campaign landers: a headline, the art, one call to action to sign up. */
function LanderFrame({ variant, signupTo }: { variant: string; signupTo: string }) {
  const t = useT();
  usePageTitle(t('lander.title'));
  return (
    <section className={`hero hero-lander lander-${variant}`}>
      <div className="hero-glow" aria-hidden="true" />
      <div className="container hero-inner">
        <div className="hero-copy">
          <span className="pill pill-light">
            <Icon name="flame" size={16} /> {t('lander.eyebrow')}
          </span>
          <h1 className="hero-title">{t('lander.title')}</h1>
          <p className="hero-sub">{t('lander.subtitle')}</p>
          <div className="hero-ctas">
            <ButtonLink to={signupTo} size="lg" variant="light">
              {t('landing.cta')}
            </ButtonLink>
          </div>
          <p className="lander-note">{t('lander.coming')}</p>
        </div>
        <HeroArt matchLabel={t('landing.match')} messageText={t('landing.bubble')} />
      </div>
    </section>
  );
}

/** /landers/:name/:slug?: the eight named landers share one frame until their own designs arrive. */
export function NamedLanderPage() {
  const { name } = useParams();
  return <LanderFrame variant={name ?? 'default'} signupTo="/signup" />;
}

export function TinderswipeLander() {
  return <LanderFrame variant="tinderswipe" signupTo="/signup" />;
}

/** /members/:id/landing(2|3): a lander about one member; sign-up keeps the member in the path. */
export function MemberLanderPage() {
  const { id } = useParams();
  return <LanderFrame variant="member" signupTo={`/members/${id ?? ''}/signup`} />;
}
