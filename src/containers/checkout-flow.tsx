import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { City } from '../../machines/addresses.machine';
import type { CheckoutStep, checkoutMachine } from '../../machines/checkout.machine';
// The selectors, not the machine: no xstate in the page's chunk (decision 009).
import { checkoutStep } from '../../machines/checkout/checkout.selectors';
import { StepLoading } from '../components/checkout/checkout-alert';
import { CHECKOUT_STEPS } from '../components/checkout/checkout-steps';
import type { CheckoutSeed } from '../lib/checkout-seed';
import { useLocalizePath } from '../lib/use-locale';
import { useActorSelector } from './use-actor-selector';
import { usePageActor } from './use-page-actor';

export type CheckoutSnapshot = ReturnType<Actor<typeof checkoutMachine>['getSnapshot']>;

// The server renders the checkout without its machine: the checkout page's `placeholder` (its
// loader's data, a disabled preview of the step and the summary) or a loading line; the machine's
// view loads with the machine (decision 009).
const loadView = () => import('./checkout-flow-view');
const CheckoutFlowView = lazy(loadView);

export interface CheckoutFlowProps {
  /** The order code in the URL (a hint; the machine checks it against the customer's orders). */
  code: string;
  /** Back from a payment page (`?payment=…` or /checkout-success): the order's live state decides. */
  returning: boolean;
  requireVerifiedAddress: boolean;
  /** What the page's loader already read: the machine's first fetches answer from it. */
  seed?: CheckoutSeed | null;
  /** `cities('SA')` for a new address (null: they could not be read). */
  cities?: readonly City[] | null;
  /** Shown until the machine's view takes over (instead of the loading line). */
  placeholder?: ReactNode;
  /** `checkout`: the step pages (step in the URL); `success`: /checkout-success confirming a payment. */
  page: 'checkout' | 'success';
  /** On the success page: the machine has seen the payment go through (reload the page's order). */
  onPaid?: () => void;
}

const isStep = (value: string | null): value is CheckoutStep => CHECKOUT_STEPS.includes(value as CheckoutStep);

/**
 * The checkout machine (wired in src/app/actors.ts) drives the step views. The URL's `step`
 * follows the machine; a back/forward move in the browser becomes `checkout.goto`, which the
 * machine takes only to a step the order has reached (else the URL is put back).
 */
export function CheckoutFlow({ code, returning, requireVerifiedAddress, seed, cities, placeholder, page, onPaid }: CheckoutFlowProps) {
  const { i18n } = useLingui();
  // The machine comes with the app's actors once the page has loaded and is idle (decision 007),
  // like on the catalogue pages: asked for at once, they would compete with the first paint.
  const { actor, send } = usePageActor('checkout', {
    // Its first load answers from the orders the loader read for this code (no second request).
    input: { code, returning, requireVerifiedAddress, seed: seed && seed.code === code ? seed.orders : null },
    eager: false,
    // The view's chunk loads while the machine fetches the order.
    onStart: () => void loadView(),
  });
  const snapshot = useActorSelector<CheckoutSnapshot, CheckoutSnapshot | null>(actor, (s) => s, null);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const urlStep = params.get('step');
  const machineStep = snapshot ? checkoutStep(snapshot) : null;
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (!snapshot || !machineStep) return;
    const moved = previous.current !== machineStep;
    const first = previous.current === null;
    previous.current = machineStep;
    if (machineStep === 'success') {
      if (page === 'checkout') {
        const placed = snapshot.context.placedOrderCode ?? code;
        void navigate(localize(`/checkout-success?order=${encodeURIComponent(placed)}`), { replace: true });
      } else if (moved) onPaid?.();
      return;
    }
    if (page === 'success' && machineStep !== 'confirming') {
      // Refused while the shopper waited here: the checkout page shows why (it confirms again).
      const reason = snapshot.context.error?.code === 'PAYMENT_CANCELLED' ? 'cancelled' : 'declined';
      void navigate(localize(`/checkout/${encodeURIComponent(code)}?payment=${reason}`), { replace: true });
      return;
    }
    if (page !== 'checkout' || machineStep === 'confirming') return;
    if (moved) {
      // The machine moved on (or resumed where the server's order is): the URL follows. A resume,
      // and leaving the gateway's `?payment=` return, replace the entry instead of adding one.
      if (urlStep !== machineStep || params.has('payment')) {
        void navigate({ search: `?step=${machineStep}` }, { replace: first || params.has('payment'), preventScrollReset: true });
      }
    } else if (urlStep !== machineStep) {
      // The browser's back/forward changed the URL: ask the machine; put the URL back if it refuses.
      if (isStep(urlStep) && snapshot.can({ type: 'checkout.goto', step: urlStep })) send({ type: 'checkout.goto', step: urlStep });
      else void navigate({ search: `?step=${machineStep}` }, { replace: true, preventScrollReset: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the machine's step or the URL's step changes
  }, [machineStep, urlStep]);

  // The server-rendered step stays while the machine fetches that step's data the first time (its
  // loading line would replace the content the page painted); later fetches show their own line.
  const firstFetch = !!snapshot && (snapshot.matches({ address: 'fetching' }) || snapshot.matches({ shipping: 'fetching' }));
  const [shown, setShown] = useState(false);
  const settled = !!snapshot && !snapshot.matches('loading') && !firstFetch;
  useEffect(() => {
    if (settled) setShown(true);
  }, [settled]);

  const loading = placeholder ?? <StepLoading label={i18n._(msg`Loading your checkout…`)} />;
  if (!snapshot || snapshot.matches('loading') || (placeholder && firstFetch && !shown)) return loading;
  return (
    <Suspense fallback={loading}>
      <CheckoutFlowView
        snapshot={snapshot}
        send={send}
        step={machineStep && isStep(machineStep) ? machineStep : null}
        page={page}
        cities={cities ?? null}
      />
    </Suspense>
  );
}
