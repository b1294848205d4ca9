import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

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
