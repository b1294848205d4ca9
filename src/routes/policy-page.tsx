import { msg } from '@lingui/core/macro';
import { data } from 'react-router';
import type { Route } from './+types/policy-page';
import { getPolitics } from '../../services/content.service';
import { ContentPage } from '../components/content/content-page';
import { localeContext } from '../i18n/locale-middleware.server';
import { dropRepeatedTitle, plainText, sanitizeRichText } from '../lib/sanitize.server';
import { localizeDigits } from '../lib/digits';
import { cachedRead } from '../lib/shop.server';
import { routeMeta } from '../seo/route-meta';
import { policyTypeOf } from './policy-pages';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const type = policyTypeOf(params.slug, url.searchParams.get('type'));
  if (!type) throw data(null, { status: 404 });
  const locale = context.get(localeContext);
  // Sanitised once per cache entry, on the server: the browser only ever receives clean HTML.
  const page = await cachedRead(locale, 'GetPolitics', { type }, async (client) => {
    const politics = await getPolitics(client, type);
    if (!politics) return null;
    const title = localizeDigits(politics.policy, locale);
    const html = dropRepeatedTitle(sanitizeRichText(politics.content, locale), title);
    return { title, html, summary: plainText(html).slice(0, 160) };
  });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.title ?? '',
    description: args.loaderData?.summary || msg`Store policies of Elegance Store.`,
    keepParams: ['type'],
  });

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title={loaderData.title}>
      <div className="content-section rich-text" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </ContentPage>
  );
}
