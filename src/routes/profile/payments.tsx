import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Route } from './+types/payments';
import { getCustomerOrders } from '../../../services/orders.service';
import { formatDate } from '../../components/catalogue/format';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { labelOf, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from '../../components/profile/order-state';
import { ProfileFrame } from '../../containers/profile-frame';
import { localeContext } from '../../i18n/locale-middleware.server';
import { formatMoney } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { personalShopClient, privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

/** The payments of the latest orders: enough for a shopper's history; older ones are on each order. */
const ORDERS_SCANNED = 50;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`My payments`, description: msg`Your payments at Elegance Store.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  const orders = await getCustomerOrders(personalShopClient(request, locale), { take: ORDERS_SCANNED });
  const payments = orders.items.flatMap((o) =>
    (o.payments ?? []).map((p) => ({ id: p.id, method: p.method, state: p.state, amount: p.amount, at: p.createdAt, orderCode: o.code })),
  );
  payments.sort((a, b) => b.at.localeCompare(a.at));
  return { payments };
}

/** /profile/payments: every payment of the customer's orders, newest first. */
export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { payments } = loaderData;
  return (
    <ProfileFrame title={<Trans>My payments</Trans>}>
      {payments.length === 0 ? (
        <p className="profile-empty">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <table className="profile-table">
          <caption className="visually-hidden">{t`Your payments, newest first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Method`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Amount`}</th>
              <th scope="col">{t`Order`}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id}>
                <td data-label={t`Date`}>{formatDate(p.at, locale)}</td>
                <td data-label={t`Method`}>{labelOf(i18n, PAYMENT_METHOD_LABELS, p.method)}</td>
                <td data-label={t`Status`}>{labelOf(i18n, PAYMENT_STATE_LABELS, p.state)}</td>
                <td data-label={t`Amount`}>{formatMoney(p.amount, locale)}</td>
                <td data-label={t`Order`}>
                  <LocaleLink to={`/profile/orders/${encodeURIComponent(p.orderCode)}`}>
                    <bdi>{p.orderCode}</bdi>
                  </LocaleLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ProfileFrame>
  );
}
