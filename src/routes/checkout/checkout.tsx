import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/checkout';
import { CheckoutPreview } from '../../components/checkout/checkout-preview';
import { CheckoutFlow } from '../../containers/checkout-flow';
import { useLeaveWhenSignedOut } from '../../containers/use-leave-when-signed-out';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { personalShopClient, privatePageHeaders, requireCustomer } from '../guards.server';
import { loadCheckoutCities, loadCheckoutFirstPaint } from './checkout.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Checkout`, description: msg`Address, delivery, review and payment of your order.`, noindex: true });

/** Shop policy (spec: verified shipping addresses); off unless the server's environment turns it on. */
function requireVerifiedAddress(): boolean {
  return process.env.CHECKOUT_REQUIRE_VERIFIED_ADDRESS === 'true';
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  const url = new URL(request.url);
  // The gateway sends the shopper back with ?payment=declined|cancelled: confirm, never trust it.
  const returning = url.searchParams.has('payment');
  const client = personalShopClient(request, locale);
  const [firstPaint, cities] = await Promise.all([loadCheckoutFirstPaint(client, params.code, returning), loadCheckoutCities(client)]);
  return {
    code: params.code,
    returning,
    requireVerifiedAddress: requireVerifiedAddress(),
    // SSR HTML carries the first paint (the step and the summary); the machine starts from it.
    firstPaint,
    /** The cities a new address is chosen from (null when they could not be read). */
    cities,
  };
}

// A step change only changes `?step=`: the machine has the data, the guard ran when the page opened.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  useLeaveWhenSignedOut();
  const { firstPaint } = loaderData;
  const order = firstPaint?.step ? firstPaint.seed.orders.active : null;
  return (
    <div className="container checkout-page">
      <h1 className="checkout-page__title">
        <Trans>Checkout</Trans>
      </h1>
      <CheckoutFlow
        key={loaderData.code}
        code={loaderData.code}
        returning={loaderData.returning}
        requireVerifiedAddress={loaderData.requireVerifiedAddress}
        seed={firstPaint?.seed}
        cities={loaderData.cities}
        placeholder={
          firstPaint?.step && order ? (
            <CheckoutPreview
              step={firstPaint.step}
              order={order}
              addresses={firstPaint.addresses}
              cities={loaderData.cities}
              shippingMethods={firstPaint.shippingMethods}
            />
          ) : undefined
        }
        page="checkout"
      />
    </div>
  );
}
