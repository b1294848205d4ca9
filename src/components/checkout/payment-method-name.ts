import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { METHOD_SURCHARGE_SKU } from '../../../machines/checkout/checkout.selectors';
import type { Locale } from '../../i18n/locales';
import { localizeDigits } from '../../lib/digits';

/** A payment method's shopper-facing name by its code (the seeded methods), else the server's. */
export function paymentMethodName(i18n: I18n, code: string, fallback?: string | null): string {
  switch (code) {
    case 'payfort-card':
      return i18n._(msg`Credit or debit card`);
    case 'tamara':
      return i18n._(msg`Tamara: pay in instalments`);
    case 'tabby':
      return i18n._(msg`Tabby: pay in instalments`);
    case 'cash-on-delivery':
      return i18n._(msg`Cash on delivery`);
    default:
      return fallback || code;
  }
}

/**
 * A surcharge's name in the page's language: a payment method's fee or discount is named by the
 * method (the backend's description, "رسوم … | … fee", carries both languages); any other
 * surcharge keeps the backend's text, its numbers in the page's digits (decision 015).
 */
export function surchargeName(
  i18n: I18n,
  locale: Locale,
  surcharge: { sku?: string | null; description: string; priceWithTax: number },
): string {
  if (!surcharge.sku?.startsWith(METHOD_SURCHARGE_SKU)) return localizeDigits(surcharge.description, locale);
  const method = { name: paymentMethodName(i18n, surcharge.sku.slice(METHOD_SURCHARGE_SKU.length)) };
  return surcharge.priceWithTax < 0 ? i18n._(msg`${method.name} discount`) : i18n._(msg`${method.name} fee`);
}
