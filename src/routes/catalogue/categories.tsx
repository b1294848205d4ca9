import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Route } from './+types/categories';
import { getHeaderFacets } from '../../../services/facets.service';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { localeContext } from '../../i18n/locale-middleware.server';
import { cachedRead } from '../../lib/shop.server';
import { routeMeta } from '../../seo/route-meta';

/** /products/c: every category with its sub-categories (the header's data, same cached read). */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const facets = await cachedRead(locale, 'GetHeaderFacets', {}, (c) => getHeaderFacets(c, { cacheable: true }));
  return {
    categories: facets.map((c) => ({
      code: c.code,
      name: c.name,
      subCategories: c.subCategories.map((s) => ({ code: s.code, name: s.name })),
    })),
  };
}

export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Categories`, description: msg`All categories of the store and their subcategories.` });

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <div className="container catalogue-page">
      <h1>{t`Categories`}</h1>
      <ul className="category-index">
        {loaderData.categories.map((c) => {
          const base = `/products/c/${encodeURIComponent(c.code)}`;
          return (
            <li key={c.code} className="category-index__item">
              <h2 className="category-index__name">
                <LocaleLink to={base}>{c.name}</LocaleLink>
              </h2>
              {c.subCategories.length > 0 && (
                <ul className="chip-list">
                  {c.subCategories.map((s) => (
                    <li key={s.code}>
                      <LocaleLink to={`${base}/${encodeURIComponent(s.code)}`} className="chip">
                        {s.name}
                      </LocaleLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
