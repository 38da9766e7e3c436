import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from '../app/chunk-reload.js';
import { usePageTitle } from '../app/page-title.js';
import { useT } from '../i18n/use-t.js';
import { ButtonLink } from './Button.js';
import { Illustration } from './Illustration.js';

/** Error page: status, message and, for 404, a link back home (spec section 2). */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  usePageTitle(message);
  return (
    <div className="container error-page">
      <Illustration icon={status === 404 ? 'search' : 'flame'} />
      <p className="error-status">{status}</p>
      <h1>{message}</h1>
      {status === 404 && (
        <ButtonLink to="/" size="lg">
          {t('errorPage.home')}
        </ButtonLink>
      )}
    </div>
  );
}

export function NotFoundPage() {
  const t = useT();
  return <ErrorPage status={404} message={t('errorPage.notFound')} />;
}

/** Route errors: status from the error, default 500; a stale chunk reloads the page (at most once a minute). */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={error.status === 404 ? t('errorPage.notFound') : t('errors.generic')} />;
  }
  return <ErrorPage status={500} message={t('errors.generic')} />;
}
