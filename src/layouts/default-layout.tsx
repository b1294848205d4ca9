import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/default-layout';
import { SiteFooter } from '../components/footer/site-footer';
import { HydrationSlice } from '../components/hydration-slice';
import { SiteHeader } from '../containers/site-header';
import { ErrorPage } from '../components/error-page/lazy-error-page';
import { hideDismissedAlertsScript } from '../components/alert-banner/dismissed-alerts';
import { useCspNonce } from '../lib/csp-nonce';
import { useLocale } from '../lib/use-locale';
import { localeContext } from '../i18n/locale-middleware.server';
import { EMPTY_CHROME, type ChromeData } from '../lib/chrome-data';
import { loadChrome } from './chrome-data.server';
import { boundaryMeta } from '../seo/route-meta';

export const meta: Route.MetaFunction = (args) => boundaryMeta(args);

export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  return { chrome: await loadChrome(locale), year: new Date().getFullYear() };
}

// Header and footer data do not depend on the page, and each language has its own layout route
// (a language switch mounts the other one): keep the data across navigations.
export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

function DefaultChrome({ chrome, year, children }: { chrome: ChromeData; year: number; children: ReactNode }) {
  const { t } = useLingui();
  const nonce = useCspNonce();
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideDismissedAlertsScript }} />
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <HydrationSlice>
        <SiteHeader chrome={chrome} />
      </HydrationSlice>
      <main id="main" className="main" tabIndex={-1}>
        <HydrationSlice>{children}</HydrationSlice>
      </main>
      <HydrationSlice>
        <SiteFooter chrome={chrome} year={year} />
      </HydrationSlice>
    </>
  );
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DefaultChrome chrome={loaderData.chrome} year={loaderData.year}>
      <Outlet />
    </DefaultChrome>
  );
}

/** Errors of the pages keep the header and footer around the 404/error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = useLocale();
  const data = useRouteLoaderData<typeof loader>(`${locale}.layout.default`);
  return (
    <DefaultChrome chrome={data?.chrome ?? EMPTY_CHROME} year={data?.year ?? new Date().getFullYear()}>
      <div className="container">
        <ErrorPage error={error} />
      </div>
    </DefaultChrome>
  );
}
