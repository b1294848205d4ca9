import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/locales';
import { deliveryWindow, type DeliveryDays } from '../../lib/delivery-estimate';
import { installmentOffer, type InstallmentOffer, type InstallmentTerms } from '../../lib/installments';
import { formatMoney } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from '../catalogue/format';

// One module (one small chunk) for what the product page, the cart and the checkout say about
// instalments and delivery times: their shared wording and the two views.

/**
 * The one wording of a delivery time ("Delivery in 3–5 working days"): the product page, the cart
 * and each option of the shipping step. Numbers in the page's digits (decision 015).
 */
export function deliveryEstimateText(i18n: I18n, locale: Locale, { minDays, maxDays }: DeliveryDays): string {
  const min = formatNumber(minDays, locale);
  const max = formatNumber(maxDays, locale);
  if (minDays === maxDays) {
    return i18n._(msg`${plural(maxDays, { one: `Delivery in ${max} working day`, other: `Delivery in ${max} working days` })}`);
  }
  return i18n._(msg`${plural(maxDays, { one: `Delivery in ${min}–${max} working day`, other: `Delivery in ${min}–${max} working days` })}`);
}

/**
 * What an instalment plan means for a total: "4 × SAR 107.50, no interest"; when the total does
 * not divide evenly the last payment is named ("3 × SAR 143.33 + SAR 143.34"); outside the
 * provider's limits only the limit. Amounts are bidi-isolated (formatMoney), safe in either
 * direction.
 */
export function installmentOfferText(i18n: I18n, locale: Locale, offer: InstallmentOffer): string {
  switch (offer.kind) {
    case 'below-minimum': {
      const min = formatMoney(offer.minTotal, locale);
      return i18n._(msg`Available for orders from ${min}`);
    }
    case 'above-maximum': {
      const max = formatMoney(offer.maxTotal, locale);
      return i18n._(msg`Available for orders up to ${max}`);
    }
    case 'split': {
      const amount = formatMoney(offer.regular, locale);
      const count = offer.payments.length;
      if (offer.last === offer.regular) {
        const times = formatNumber(count, locale);
        return offer.interestFree
          ? i18n._(msg`${times} × ${amount}, no interest`)
          : i18n._(msg`${times} × ${amount}, interest set by the provider`);
      }
      const times = formatNumber(count - 1, locale);
      const last = formatMoney(offer.last, locale);
      return offer.interestFree
        ? i18n._(msg`${times} × ${amount} + ${last}, no interest`)
        : i18n._(msg`${times} × ${amount} + ${last}, interest set by the provider`);
    }
  }
}

/** An instalment provider's short name ("Tabby") by its method's code, else the server's name. */
export function installmentProviderName(i18n: I18n, code: string, fallback?: string | null): string {
  switch (code) {
    case 'tamara':
      return i18n._(msg`Tamara`);
    case 'tabby':
      return i18n._(msg`Tabby`);
    default:
      return fallback || code;
  }
}

export interface InstallmentPlanView extends InstallmentTerms {
  /** The method's name from the backend, for a provider the storefront does not know by code. */
  name: string;
}

export interface InstallmentOffersProps {
  /** The total the plans split (halalas with tax); null while it is not known: nothing is shown. */
  total: number | null;
  plans: readonly InstallmentPlanView[];
}

/**
 * "Pay in instalments": each provider's plan for this total (product page, cart). Nothing at all
 * without a total or a plan, so no figure is shown that the checkout would not charge.
 */
export function InstallmentOffers({ total, plans }: InstallmentOffersProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const offers = plans.flatMap((plan) => {
    const offer = installmentOffer(total, plan);
    return offer ? [{ plan, offer }] : [];
  });
  if (offers.length === 0) return null;
  return (
    <ul className="installment-offers" aria-label={t`Pay in instalments`}>
      {offers.map(({ plan, offer }) => (
        <li key={plan.methodCode} className="installment-offers__item">
          <span className="installment-offers__provider">{installmentProviderName(i18n, plan.methodCode, plan.name)}</span>{' '}
          <span>{installmentOfferText(i18n, locale, offer)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Delivery in 1–5 working days": the window the shop's delivery options cover (product page,
 * cart), for the default country; the shipping step then names each option's own time.
 */
export function DeliveryEstimate({ times }: { times: readonly DeliveryDays[] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const window = deliveryWindow(times);
  if (!window) return null;
  return <p className="delivery-estimate">{deliveryEstimateText(i18n, locale, window)}</p>;
}
