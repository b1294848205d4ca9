import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useRouteLoaderData, useSearchParams, type MetaDescriptor, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { variantPricing } from '../../../machines/lib/variant-pricing';
import { chooseOption, optionAvailability, resolveVariant, selectionOf, stockState } from '../../../machines/lib/variant-selection';
import { Breadcrumb, type BreadcrumbItem } from '../../components/catalogue/breadcrumb';
import { OptionPicker } from '../../components/catalogue/option-picker';
import { PriceTag } from '../../components/catalogue/price-tag';
import { useCatalogueActions, useIsAdding, useIsFav } from '../../components/catalogue/catalogue-actions';
import { AddToCart, FavButton } from '../../components/catalogue/product-actions';
import { GALLERY_IMAGE_WIDTH, GALLERY_SIZES, ProductGallery } from '../../components/catalogue/product-gallery';
import { ProductRow } from '../../components/catalogue/product-grid';
import { HydrationSlice } from '../../components/hydration-slice';
import { RatingStars } from '../../components/catalogue/rating-stars';
import { StockStatus } from '../../components/catalogue/stock-status';
import { LocaleLink } from '../../components/locale-link/locale-link';
import type { AssetView } from '../../lib/catalogue/types';
import { cropSrcSet, presetUrl } from '../../components/image/image-sources';
import { imagePreload } from '../../seo/preload';
import { useLocale } from '../../lib/use-locale';
import { localeContext } from '../../i18n/locale-middleware.server';
import { formatDate } from '../../components/catalogue/format';
import { absoluteUrl } from '../../seo/alternates';
import { routeMeta } from '../../seo/route-meta';
import { loadProductPage } from './product.server';
import { loadPurchaseTerms } from '../../lib/purchase-terms.server';
import { DeliveryEstimate, InstallmentOffers } from '../../components/purchase-terms/purchase-terms';
import { ProductReviews } from './product-reviews-section';
import { useRecordProductView } from '../../containers/record-product-view';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from './structured-data';
import { ReviewCount } from '../../components/catalogue/review-count';

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  // In parallel: the terms are the same for every product (cached once per language).
  const [page, terms] = await Promise.all([loadProductPage(locale, params.slug), loadPurchaseTerms(locale)]);
  return { ...page, terms };
}

/**
 * The chosen variant lives in `?variant=` and the reviews pages load through their own route:
 * nothing in the query changes what this loader returns, so only a new path asks again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) return routeMeta(args, { title: '', description: '', notFound: true });
  const image = product.assets[0];
  const tags: MetaDescriptor[] = routeMeta(args, {
    title: product.name,
    description: product.descriptionText || product.subTitle || product.name,
    image: image ? presetUrl(image.src, 'large', null) : undefined,
    type: 'product',
  });
  // The gallery's first image (the chosen variant's picture first, as the page shows it) is the LCP.
  const variant = resolveVariant(product.variants, new URLSearchParams(args.location.search).get('variant'));
  const first = galleryImages(product.assets, variant?.image ?? null)[0];
  if (first) tags.push(imagePreload({ srcSet: cropSrcSet(first.src, GALLERY_IMAGE_WIDTH, '1-1', first.focalPoint), sizes: GALLERY_SIZES }));
  return tags;
};

function galleryImages(assets: readonly AssetView[], variantImage: AssetView | null): AssetView[] {
  if (!variantImage) return [...assets];
  return [variantImage, ...assets.filter((a) => a.src !== variantImage.src)];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { product, related, reviews, terms } = loaderData;
  const now = useMemo(() => new Date(loaderData.now), [loaderData.now]);
  const [searchParams, setSearchParams] = useSearchParams();
  const actions = useCatalogueActions();
  const root = useRouteLoaderData('root') as { origin?: string } | undefined;
  useRecordProductView(product.id);

  // The URL is the truth; the choice shows at once while the (loader-free) navigation commits.
  const urlVariantId = searchParams.get('variant');
  const [pendingId, setPendingId] = useState<string | null>(null);
  useEffect(() => setPendingId(null), [urlVariantId]);
  // Option radios only act once React runs; tests and styles can tell (data-interactive).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const variant = resolveVariant(product.variants, pendingId ?? urlVariantId);
  const pricing = variant ? variantPricing(variant, product.dropPrice, now) : null;
  const stock = variant ? stockState(variant) : 'out-of-stock';
  const selection = variant ? selectionOf(variant) : {};

  function select(groupId: string, optionId: string) {
    if (!variant) return;
    const next = chooseOption(product.variants, variant, groupId, optionId);
    if (!next || next.id === variant.id) return;
    setPendingId(next.id);
    setSearchParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('variant', next.id);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const crumbs: BreadcrumbItem[] = [{ label: t`Home`, to: '/' }];
  if (product.category) crumbs.push({ label: product.category.name, to: `/products/c/${encodeURIComponent(product.category.code)}` });
  if (product.category && product.subCategory) {
    crumbs.push({
      label: product.subCategory.name,
      to: `/products/c/${encodeURIComponent(product.category.code)}/${encodeURIComponent(product.subCategory.code)}`,
    });
  }
  crumbs.push({ label: product.name });

  const origin = root?.origin ?? '';
  const pageUrl = absoluteUrl(origin, `/products/${encodeURIComponent(product.slug)}`, locale);
  const jsonLd = [
    productJsonLd(product, { url: pageUrl, origin, now }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.label, ...(c.to ? { url: absoluteUrl(origin, c.to, locale) } : {}) }))),
  ];
  const promoEnd = pricing?.promoEndsAt ? formatDate(pricing.promoEndsAt, locale, 'long') : null;
  const isFav = useIsFav(product.id, product.isFav);
  const adding = useIsAdding(variant?.id);

  return (
    <div className="container catalogue-page">
      {jsonLd.map((d, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(d) }} />
      ))}
      <Breadcrumb items={crumbs} />
      <article className="product" aria-labelledby="product-title" data-interactive={interactive || undefined}>
        <ProductGallery images={galleryImages(product.assets, variant?.image ?? null)} productName={product.name} />
        <div className="product__info">
          {product.isNew && (
            <p>
              <span className="badge">{t`New`}</span>
            </p>
          )}
          {product.brand && (
            <p className="product-card__brand">
              <LocaleLink to={`/products/brand/${encodeURIComponent(product.brand.code)}`}>{product.brand.name}</LocaleLink>
            </p>
          )}
          <h1 id="product-title" className="product__title">
            {product.name}
          </h1>
          {product.subTitle && <p className="product__subtitle">{product.subTitle}</p>}
          {product.rating.totalCount > 0 && (
            <a className="product__rating-link" href="#reviews">
              <RatingStars rate={product.rating.overallRate} />
              <span>
                <ReviewCount count={product.rating.totalCount} />
              </span>
            </a>
          )}
          {/* Price, stock and SKU follow the chosen options; screen readers hear the change. */}
          <div className="product__variant" aria-live="polite" aria-atomic="true" data-testid="variant-summary">
            {pricing && (
              <PriceTag price={pricing.price} compareAt={pricing.compareAt} discountPercent={pricing.discountPercent} size="large" />
            )}
            {promoEnd && <p className="product__promo-end">{t`Offer ends ${promoEnd}`}</p>}
            <StockStatus state={stock} />
            {variant && (
              <p className="product__sku">
                {t`SKU:`} <bdi data-testid="sku">{variant.sku}</bdi>
              </p>
            )}
          </div>
          {/* The chosen variant's price with tax is what the cart charges for one: the plans split it. */}
          <InstallmentOffers total={stock === 'out-of-stock' ? null : (pricing?.price ?? null)} plans={terms.installmentPlans} />
          <DeliveryEstimate times={terms.deliveryTimes} />
          {product.variants.length > 1 &&
            product.optionGroups.map((group) => (
              <OptionPicker
                key={group.id}
                group={group}
                selectedId={selection[group.id]}
                availability={
                  variant
                    ? optionAvailability(
                        product.variants,
                        variant,
                        group.id,
                        group.options.map((o) => o.id),
                      )
                    : {}
                }
                onSelect={select}
              />
            ))}
          <div className="product__actions">
            <AddToCart
              variantId={variant?.id ?? null}
              purchasable={stock !== 'out-of-stock'}
              maxQuantity={variant?.maxQuantity}
              onAddToCart={actions.onAddToCart}
              adding={adding}
            />
            <FavButton
              productId={product.id}
              productName={product.name}
              isFav={isFav}
              onToggleFav={actions.onToggleFav}
              item={{
                id: product.id,
                slug: product.slug,
                name: product.name,
                image: variant?.image ?? product.assets[0] ?? null,
                price: pricing?.price ?? null,
                variantId: variant && stock !== 'out-of-stock' ? variant.id : null,
              }}
            />
          </div>
          {product.descriptionHtml && (
            <section className="product__description" aria-labelledby="product-description">
              <h2 id="product-description">{t`Description`}</h2>
              <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
            </section>
          )}
        </div>
      </article>

      {/* Below the fold: each hydrated as a piece of work of its own (decision 021), after the
          gallery, options and buttons the shopper sees first. */}
      <HydrationSlice>
        <ProductReviews productId={product.id} slug={product.slug} rating={product.rating} firstPage={reviews} />
      </HydrationSlice>

      {related.sameBrand.length > 0 && (
        <HydrationSlice>
          <section className="section section--below-fold" aria-labelledby="related-brand">
            <div className="section__header">
              <h2 id="related-brand" className="section__title">
                {product.brand ? t`More from ${product.brand.name}` : t`More from this brand`}
              </h2>
            </div>
            <ProductRow products={related.sameBrand} />
          </section>
        </HydrationSlice>
      )}
      {related.mostWatched.length > 0 && (
        <HydrationSlice>
          <section className="section section--below-fold" aria-labelledby="related-watched">
            <div className="section__header">
              <h2 id="related-watched" className="section__title">{t`Most watched`}</h2>
            </div>
            <ProductRow products={related.mostWatched} />
          </section>
        </HydrationSlice>
      )}
    </div>
  );
}
