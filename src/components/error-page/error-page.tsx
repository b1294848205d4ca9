import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate } from 'react-router';
import { useLocalizePath } from '../../lib/use-locale';
import { LocaleLink } from '../locale-link/locale-link';
import { Logo } from '../logo/logo';

/** Spec §9: the error page sends the shopper home after 8 seconds. */
export const ERROR_REDIRECT_MS = 8000;

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

export function NotFoundView() {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-title" className="status-page__title">{t`Page not found`}</h1>
      <p className="status-page__text">{t`The page you are looking for does not exist or has moved.`}</p>
      <div className="status-page__actions">
        <LocaleLink to="/" className="button button--primary">
          {t`Back to home`}
        </LocaleLink>
        <LocaleLink to="/products" className="button button--secondary">
          {t`Go shopping`}
        </LocaleLink>
      </div>
    </section>
  );
}

/** A 503: the page needs the backend, which is down or restarting (src/server/outage.mjs). */
export function isStoreUnavailable(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 503;
}

/**
 * The store is briefly unavailable: no redirect home (that page may need the backend too); a
 * plain link to this same page tries again, also before the page's script has loaded.
 */
export function StoreUnavailableView() {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <h1 id="status-title" className="status-page__title">{t`The store is briefly unavailable`}</h1>
      <p className="status-page__text">{t`We are working on it and will be back in a moment. Your cart and your details are safe.`}</p>
      <div className="status-page__actions">
        <a href={pathname + search} className="button button--primary">
          {t`Try again`}
        </a>
      </div>
    </section>
  );
}

/** Unhandled errors: title, back-to-home and go-shopping buttons, and home after 8 s. */
export function UnexpectedErrorView() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const home = useLocalizePath()('/');
  // Filled after mount so screen readers announce it (a live region's initial text is not read).
  const [announced, setAnnounced] = useState(false);

  useEffect(() => {
    setAnnounced(true);
    const timer = setTimeout(() => navigate(home, { replace: true }), ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, home]);

  return (
    <section className="status-page" aria-labelledby="status-title">
      <h1 id="status-title" className="status-page__title">{t`Something went wrong`}</h1>
      <p className="status-page__text">{t`We could not show this page. Please try again in a moment.`}</p>
      <p className="status-page__text">{t`You will be taken to the home page in 8 seconds.`}</p>
      <p className="visually-hidden" role="status">
        {announced ? t`You will be taken to the home page in 8 seconds.` : ''}
      </p>
      <div className="status-page__actions">
        <LocaleLink to="/" className="button button--primary">
          {t`Back to home`}
        </LocaleLink>
        <LocaleLink to="/products" className="button button--secondary">
          {t`Go shopping`}
        </LocaleLink>
      </div>
    </section>
  );
}

/**
 * What an error boundary shows: the 404 page for "not found" responses, the error page otherwise.
 * `standalone` (root boundary) adds a minimal logo header because no layout is around it.
 */
export function ErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useLingui();
  if (!isNotFound(error) && !isStoreUnavailable(error) && import.meta.env.DEV) console.error(error);
  const content = isNotFound(error) ? <NotFoundView /> : isStoreUnavailable(error) ? <StoreUnavailableView /> : <UnexpectedErrorView />;
  if (!standalone) return content;
  return (
    <>
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <header className="minimal-header">
        <div className="container minimal-header__inner">
          <Logo />
        </div>
      </header>
      <main id="main" className="container main">
        {content}
      </main>
    </>
  );
}
