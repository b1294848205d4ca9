import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type LinksFunction } from 'react-router';
import type { Route } from './+types/root';
import { AppActorsProvider, useAppActorsHandle } from './containers/app-actors';
import { ShopActionsBridge } from './containers/shop-actions-bridge';
import { ErrorPage } from './components/error-page/lazy-error-page';
import { ProgressBar } from './components/progress-bar/progress-bar';
import { loadedI18n, loadI18n } from './i18n/i18n';
import { localeMiddleware } from './i18n/locale-middleware.server';
import { textDirection } from './i18n/locales';
import { localeFromPath } from './i18n/paths';
import { config, secureCookiesFor } from './lib/config.server';
import { boundaryMeta } from './seo/route-meta';
// The stylesheet as a URL the root links (not a side-effect import): imported for its effect, it was
// the `shell` chunk's CSS, listed again as a dependency of every lazily loaded chunk (the app's
// actors among them); React Router marks such a link with a trailing '#', Vite's preload helper then
// did not recognise it and linked the stylesheet a second time: a style recalculation of the whole
// page in the task that loads the actors (60-150 ms at Lighthouse's 4x CPU slowdown).
import stylesheet from './styles/index.css?url';

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

// Client navigations into the other language wait for its catalog before they commit, so the
// page never renders with the wrong messages.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await loadI18n(localeFromPath(new URL(request.url).pathname));
    await next();
  },
];

export const meta: Route.MetaFunction = (args) => boundaryMeta(args);

export function loader({ url }: Route.LoaderArgs) {
  return {
    origin: config.publicUrl ?? url.origin,
    cookieLocale: config.cookieLocale,
    tokenSyncUrl: config.tokenSyncUrl,
    secureCookies: secureCookiesFor(url),
  };
}

// Nothing in the root data depends on the page; it never needs to be fetched again.
export function shouldRevalidate() {
  return false;
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  const i18n = loadedI18n(locale) ?? loadedI18n(locale === 'ar' ? 'en' : 'ar');
  if (!i18n) throw new Error(`The ${locale} catalog must be loaded before rendering`);
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c45" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The new-build notice (decision 017) comes with the app's actors, in a chunk of its own: it never
// shows before them, and the first paint's JavaScript stays within budget (decision 007).
const BuildNoticeContainer = lazy(() => import('./containers/build-notice').then((m) => ({ default: m.BuildNoticeContainer })));

// Focus after a move to another page (issue 20) comes with the actors too: the first paint needs
// none of it (it acts on client navigations only), and the catalogue's pages are at their budget.
const RouteFocus = lazy(() => import('./containers/route-focus').then((m) => ({ default: m.RouteFocus })));

function AfterActorsSlot() {
  const { actors } = useAppActorsHandle();
  return actors ? (
    <Suspense fallback={null}>
      <RouteFocus />
      <BuildNoticeContainer />
    </Suspense>
  ) : null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppActorsProvider
      cookieLocale={loaderData.cookieLocale}
      tokenSyncUrl={loaderData.tokenSyncUrl}
      secureCookies={loaderData.secureCookies}
    >
      <ProgressBar />
      <ShopActionsBridge>
        <Outlet />
      </ShopActionsBridge>
      <AfterActorsSlot />
    </AppActorsProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} standalone />;
}
