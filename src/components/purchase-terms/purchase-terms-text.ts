import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Locale } from '../../i18n/locales';
import type { DeliveryDays } from '../../lib/delivery-estimate';
import type { InstallmentOffer } from '../../lib/installments';
import { formatMoney } from '../../lib/money';
import { formatNumber } from '../catalogue/format';

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
