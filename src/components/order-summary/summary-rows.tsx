import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locales';
import { localizeDigits } from '../../lib/digits';
import type { OrderSummary, SummaryRow } from '../../lib/order-summary';
import { paymentMethodName } from '../checkout/payment-method-name';

/**
 * A row's name in the page's language. A payment method's fee or discount is named like its
 * preview (the backend's description carries both languages); `methodName` may name the method
 * differently (the profile's shorter labels). Texts from the backend (promotion names, other
 * surcharges) get the page's digits (decision 015).
 */
export function summaryRowLabel(i18n: I18n, row: SummaryRow, methodName = (code: string) => paymentMethodName(i18n, code)): string {
  const locale = (i18n.locale === 'ar' ? 'ar' : 'en') satisfies Locale;
  switch (row.kind) {
    case 'subtotal':
      return i18n._(msg`Subtotal`);
    case 'discount':
      return localizeDigits(row.description, locale) || i18n._(msg`Discount`);
    case 'surcharge': {
      if (!row.methodCode) return localizeDigits(row.description, locale);
      const name = methodName(row.methodCode);
      return row.amount < 0 ? i18n._(msg`${name} discount`) : i18n._(msg`${name} fee`);
    }
    case 'shipping':
      return row.estimated ? i18n._(msg`Estimated shipping`) : i18n._(msg`Shipping`);
    case 'method-discount': {
      const name = methodName(row.methodCode);
      return i18n._(msg`${name} discount`);
    }
    case 'method-fee': {
      const name = methodName(row.methodCode);
      return i18n._(msg`${name} fee`);
    }
  }
}

function isDiscount(row: SummaryRow): boolean {
  return row.kind === 'discount' || row.kind === 'method-discount' || (row.kind === 'surcharge' && row.amount < 0);
}

export interface SummaryRowsProps {
  summary: OrderSummary;
  money: (halalas: number) => ReactNode;
  /** Shipping without an amount: still loading (the cart's estimate) or priced at checkout. */
  shippingPending?: 'calculating' | 'at-checkout';
}

/**
 * The summary's rows as a description list: each row, then VAT (included, not added), then the
 * total. The rows above the total add up to it (src/lib/order-summary.ts).
 */
export function SummaryRows({ summary, money, shippingPending = 'at-checkout' }: SummaryRowsProps) {
  const { i18n, t } = useLingui();
  const shippingValue = (amount: number | null) => {
    if (amount === null) return shippingPending === 'calculating' ? t`Calculating…` : t`At checkout`;
    return amount === 0 ? t`Free` : money(amount);
  };
  return (
    <dl className="cart-summary__rows">
      {summary.rows.map((row, i) => (
        <div className={`cart-summary__row${isDiscount(row) ? ' cart-summary__row--discount' : ''}`} key={`${row.kind}-${i}`}>
          <dt>{summaryRowLabel(i18n, row)}</dt>
          <dd>{row.kind === 'shipping' ? shippingValue(row.amount) : money(row.amount)}</dd>
        </div>
      ))}
      <div className="cart-summary__row cart-summary__row--muted">
        <dt>{summary.vatRates.length === 1 ? t`VAT (${summary.vatRates[0]}%) included` : t`VAT included`}</dt>
        <dd>{money(summary.vat)}</dd>
      </div>
      <div className="cart-summary__row cart-summary__row--total">
        <dt>{t`Total incl. VAT`}</dt>
        <dd data-testid="order-total">{summary.total === null ? t`Calculating…` : money(summary.total)}</dd>
      </div>
    </dl>
  );
}
