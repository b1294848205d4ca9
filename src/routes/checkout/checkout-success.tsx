import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/checkout-success';
import { OrderPlaced } from '../../components/checkout/order-placed';
import { EmptyState } from '../../components/catalogue/empty-state';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { CheckoutFlow } from '../../containers/checkout-flow';
import { useLeaveWhenSignedOut } from '../../containers/use-leave-when-signed-out';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { getCheckoutOrder } from '../../../services/checkout.service';
import { isPaid } from '../../../machines/checkout/checkout.rules';
import { personalShopClient, privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Order placed`, description: msg`Your order, its total and what happens next.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  const code = new URL(request.url).searchParams.get('order')?.trim() || null;
  // Only the owner's session reads the order (decision 011): anyone else's code reads as unknown.
  const order = code ? await getCheckoutOrder(personalShopClient(request, locale), code, { signal: request.signal }) : null;
  return { code, order, paid: isPaid(order?.state) };
}

export default function CheckoutSuccessPage({ loaderData }: Route.ComponentProps) {
  const { code, order, paid } = loaderData;
  const revalidator = useRevalidator();
  useLeaveWhenSignedOut();
  if (order && paid) {
    return (
      <div className="container checkout-page">
        <OrderPlaced order={order} />
      </div>
    );
  }
  return (
    <div className="container checkout-page">
      <h1 className="checkout-page__title">
        <Trans>Your order</Trans>
      </h1>
      {code && order ? (
        // Back from the payment page before the payment settled: the machine waits for the live state.
        <CheckoutFlow code={code} returning requireVerifiedAddress={false} page="success" onPaid={() => void revalidator.revalidate()} />
      ) : (
        <EmptyState title={code ? `${code}` : ''}>
          <p>
            <Trans>We could not find this order in your account.</Trans>
          </p>
          <LocaleLink className="button button--primary" to="/profile/orders">
            <Trans>Your orders</Trans>
          </LocaleLink>
        </EmptyState>
      )}
    </div>
  );
}
