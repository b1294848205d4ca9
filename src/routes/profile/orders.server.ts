import { data } from 'react-router';
import { getCustomerOrders } from '../../../services/orders.service';
import { PAGINATION_DEFAULTS } from '../../components/pagination/pagination-rules';
import type { Locale } from '../../i18n/locales';
import { personalShopClient, type GuardOptions } from '../guards.server';

/** Spec §5: the pagination's default page size, 10 orders a page. */
export const ORDERS_PER_PAGE = PAGINATION_DEFAULTS.perPage;

/**
 * One page of the customer's order history (`?page=`, from 1), newest first; the states the
 * history lists are the service's (Rejected and the cart never). A page past the end, or a page
 * number that is not one, is a 404.
 */
export async function loadOrdersPage(request: Request, locale: Locale, options: GuardOptions = {}) {
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1) throw data(null, { status: 404 });
  const orders = await getCustomerOrders(personalShopClient(request, locale, options), {
    skip: (page - 1) * ORDERS_PER_PAGE,
    take: ORDERS_PER_PAGE,
  });
  if (page > 1 && orders.items.length === 0) throw data(null, { status: 404 });
  return {
    page,
    totalItems: orders.totalItems,
    orders: orders.items.map((o) => ({
      code: o.code,
      state: o.state,
      placedAt: o.orderPlacedAt ?? o.createdAt,
      quantity: o.totalQuantity,
      totalWithTax: o.totalWithTax,
    })),
  };
}
