import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isRouteErrorResponse, type Location, type MetaDescriptor } from 'react-router';
import { loadedI18n } from '../i18n/i18n';
import { localeFromPath } from '../i18n/paths';
import { pageMeta, type PageMetaInput } from './meta';

export const SITE_NAME = msg`Elegance Store`;
const NOT_FOUND_TITLE = msg`Page not found`;
const ERROR_TITLE = msg`Something went wrong`;

interface MetaArgsLike {
  location: Location;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  /** Set when this route (or one below it) threw: the page shows the 404 or error page. */
  error?: unknown;
}

export function siteOrigin(matches: MetaArgsLike['matches'], _location?: Location): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined;
  if (root?.origin) return root.origin;
  return typeof window !== 'undefined' ? window.location.origin : '';
}

type Text = MessageDescriptor | string;

/**
 * The meta tags of a page from its translated title/description. Runs in `meta` exports on the
 * server and in the browser; the locale's catalog is always loaded by then (root middleware on
 * the server, entry/client middleware in the browser).
 */
export function routeMeta(
  args: MetaArgsLike,
  page: { title: Text; description: Text; notFound?: boolean } & Pick<PageMetaInput, 'keepParams' | 'image' | 'type' | 'noindex'>,
): MetaDescriptor[] {
  const locale = localeFromPath(args.location.pathname);
  const i18n = loadedI18n(locale);
  const tr = (text: Text) => (typeof text === 'string' ? text : i18n ? i18n._(text) : (text.message ?? ''));
  if (page.notFound || (args.error !== undefined && args.error !== null)) {
    const notFound = page.notFound || (isRouteErrorResponse(args.error) && args.error.status === 404);
    return pageMeta({
      title: tr(notFound ? NOT_FOUND_TITLE : ERROR_TITLE),
      description: tr(notFound ? NOT_FOUND_TITLE : ERROR_TITLE),
      siteName: tr(SITE_NAME),
      locale,
      origin: '',
      pathname: args.location.pathname,
      noindex: true,
    });
  }
  return pageMeta({
    title: tr(page.title),
    description: tr(page.description),
    siteName: tr(SITE_NAME),
    locale,
    origin: siteOrigin(args.matches),
    pathname: args.location.pathname,
    search: args.location.search,
    keepParams: page.keepParams,
    image: page.image,
    type: page.type,
    noindex: page.noindex,
  });
}

/**
 * Meta of a route that renders an error boundary for its children (root, layouts): the 404 or
 * error page title with noindex when an error is shown, nothing otherwise (pages set their own).
 */
export function boundaryMeta(args: MetaArgsLike): MetaDescriptor[] {
  if (args.error === undefined || args.error === null) return [];
  return routeMeta(args, { title: '', description: '' });
}
