import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Route } from './+types/orders';
import { formatDate } from '../../components/catalogue/format';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { Pagination } from '../../components/pagination/pagination';
import { PAGINATION_DEFAULTS } from '../../components/pagination/pagination-rules';
import { labelOf, ORDER_STATE_LABELS } from '../../components/profile/order-state';
import { ProfileFrame } from '../../containers/profile-frame';
import { localeContext } from '../../i18n/locale-middleware.server';
import { textDirection } from '../../i18n/locales';
import { localizePath } from '../../i18n/paths';
import { formatMoney } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireCustomer } from '../guards.server';
import { loadOrdersPage } from './orders.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`My orders`, description: msg`Your orders at Elegance Store.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  return loadOrdersPage(request, locale);
}

/** /profile/orders: the customer's placed orders, newest first (Rejected ones are not listed). */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { orders, page, totalItems } = loaderData;
  return (
    <ProfileFrame title={<Trans>My orders</Trans>}>
      {orders.length === 0 ? (
        <div className="profile-empty">
          <p>
            <Trans>You have not placed an order yet.</Trans>
          </p>
          <LocaleLink to="/products" className="button button--primary">
            <Trans>Browse products</Trans>
          </LocaleLink>
        </div>
      ) : (
        <table className="profile-table">
          <caption className="visually-hidden">{t`Your orders, newest first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Order`}</th>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Items`}</th>
              <th scope="col">{t`Total`}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.code}>
                <th scope="row" data-label={t`Order`}>
                  <LocaleLink to={`/profile/orders/${encodeURIComponent(o.code)}`}>
                    <bdi>{o.code}</bdi>
                  </LocaleLink>
                </th>
                <td data-label={t`Date`}>{formatDate(o.placedAt, locale)}</td>
                <td data-label={t`Status`}>
                  <span className={`order-state order-state--${o.state.toLowerCase()}`}>{labelOf(i18n, ORDER_STATE_LABELS, o.state)}</span>
                </td>
                <td data-label={t`Items`}>{i18n.number(o.quantity)}</td>
                <td data-label={t`Total`}>{formatMoney(o.totalWithTax, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        className="profile__pagination"
        total={totalItems}
        perPage={PAGINATION_DEFAULTS.perPage}
        current={page}
        dir={textDirection(locale)}
        locale={locale}
        type="link"
        linkPattern={`${localizePath('/profile/orders', locale)}?page={page}`}
      />
    </ProfileFrame>
  );
}
