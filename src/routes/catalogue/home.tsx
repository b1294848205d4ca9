import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/home';
import { BannerLink, BannerPicture, HeroBanners, heroPreloads, type BannerView } from '../../components/catalogue/hero-banners';
import { ProductRow } from '../../components/catalogue/product-grid';
import { HydrationSlice } from '../../components/hydration-slice';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { routeMeta, SITE_NAME } from '../../seo/route-meta';
import { localeContext } from '../../i18n/locale-middleware.server';
import { loadHome } from './home.server';

/** Home: super banners, banners, new arrivals, special offers and the home facets' rows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context.get(localeContext));
}

// Nothing on the page depends on the query string.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = (args) => [
  ...routeMeta(args, {
    title: SITE_NAME,
    description: msg`Shop genuine electronics, cameras, sports gear, shoes and home and garden products online in Saudi Arabia. Prices include VAT, delivery across the Kingdom, and installments with Tamara and Tabby.`,
  }),
  ...heroPreloads(args.loaderData?.superBanners[0]),
];

function Banners({ banners }: { banners: readonly BannerView[] }) {
  const { t } = useLingui();
  if (banners.length === 0) return null;
  return (
    <ul className="banner-grid">
      {banners.map((b) => (
        <li key={b.id}>
          <BannerLink href={b.href}>
            <BannerPicture desktop={b.image} alt={b.title || (b.href ? t`View offer` : '')} priority={false} />
          </BannerLink>
        </li>
      ))}
    </ul>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { superBanners, banners, newArrivals, specialOffers, facets } = loaderData;
  const at = (position: string) => banners.filter((b) => b.position === position);
  const known = new Set(['top', 'middle', 'bottom']);
  const middle = [...at('middle'), ...banners.filter((b) => !known.has(b.position))];
  // Without super banners the first product images are the largest contentful paint.
  const eagerCards = superBanners.length ? 0 : 2;

  return (
    <div className="catalogue-page catalogue-page--home">
      <h1 className="visually-hidden">{i18n._(SITE_NAME)}</h1>
      <div className="container">
        <HeroBanners banners={superBanners} />
        <Banners banners={at('top')} />

        {newArrivals.length > 0 && (
          <section className="section" aria-labelledby="home-new">
            <div className="section__header">
              <h2 id="home-new" className="section__title">{t`New arrivals`}</h2>
              <LocaleLink className="section__more" to="/products">
                {t`View all`}
              </LocaleLink>
            </div>
            <ProductRow products={newArrivals} eagerCount={eagerCards} />
          </section>
        )}

        <HydrationSlice>
          <Banners banners={middle} />
        </HydrationSlice>

        {specialOffers.length > 0 && (
          <HydrationSlice>
            <section className="section section--below-fold" aria-labelledby="home-offers">
              <div className="section__header">
                <h2 id="home-offers" className="section__title">{t`Special offers`}</h2>
              </div>
              <ProductRow products={specialOffers} />
            </section>
          </HydrationSlice>
        )}

        {facets.map((f) => (
          <HydrationSlice key={f.code}>
            <section className="section section--below-fold" aria-labelledby={`home-facet-${f.code}`}>
              <div className="section__header">
                <h2 id={`home-facet-${f.code}`} className="section__title">
                  {f.name}
                </h2>
                {f.href && (
                  // The visible words start the name (WCAG 2.5.3): "View all – Dresses", not "View all Dresses"
                  // (in Arabic the two read "عرض الكل" and "عرض كل …", which a voice command would miss).
                  <LocaleLink className="section__more" to={f.href}>
                    {t`View all`}
                    <span className="visually-hidden"> – {f.name}</span>
                  </LocaleLink>
                )}
              </div>
              <ProductRow products={f.products} />
            </section>
          </HydrationSlice>
        ))}

        <HydrationSlice>
          <Banners banners={at('bottom')} />
        </HydrationSlice>

        {superBanners.length === 0 && newArrivals.length === 0 && specialOffers.length === 0 && facets.length === 0 && (
          <p className="empty-state">
            <LocaleLink to="/products">{t`Browse all products`}</LocaleLink>
          </p>
        )}
      </div>
    </div>
  );
}
