import { data } from 'react-router';
import type { Route } from './+types/product-reviews';
import { getProduct } from '../../../services/products.service';
import { localeContext } from '../../i18n/locale-middleware.server';
import { cachedRead } from '../../lib/shop.server';
import { TOKEN_COOKIE } from '../../lib/token-store';
import { loadReviews } from './product.server';

const MAX_PAGE = 1000;

function cookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * Resource route: one page of a product's reviews as data (`/products/:slug/reviews?page=2`),
 * fetched by the reviews section. The shopper's token cookie (if any) goes along, so their own
 * review is marked; such answers are personal and not cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw data(null, { status: 400 });
  const product = await cachedRead(locale, 'GetSingleProduct', { slug: params.slug }, (c) =>
    getProduct(c, params.slug, { cacheable: true }),
  );
  if (!product) throw data(null, { status: 404 });
  const token = cookie(request.headers.get('cookie'), TOKEN_COOKIE);
  const reviews = await loadReviews(locale, product.id, page, token);
  return data(reviews, { headers: { 'Cache-Control': token ? 'private, no-store' : 'public, max-age=30' } });
}
