import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/checkout';
import { CheckoutFlow } from '../../containers/checkout-flow';
import { useLeaveWhenSignedOut } from '../../containers/use-leave-when-signed-out';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Checkout`, description: msg`Address, delivery, review and payment of your order.`, noindex: true });

/** Shop policy (spec: verified shipping addresses); off unless the server's environment turns it on. */
function requireVerifiedAddress(): boolean {
  return process.env.CHECKOUT_REQUIRE_VERIFIED_ADDRESS === 'true';
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCustomer(request, context.get(localeContext));
  const url = new URL(request.url);
  return {
    code: params.code,
    // The gateway sends the shopper back with ?payment=declined|cancelled: confirm, never trust it.
    returning: url.searchParams.has('payment'),
    requireVerifiedAddress: requireVerifiedAddress(),
  };
}

// A step change only changes `?step=`: the machine has the data, the guard ran when the page opened.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  useLeaveWhenSignedOut();
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
        page="checkout"
      />
    </div>
  );
}
