import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTotals, type OrderTotalsProps } from '../../../../../src/components/checkout/order-totals';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

// Like Vendure: the subtotal (and the total) include the surcharges.
type Surcharge = { sku: string; description: string; price: number; priceWithTax: number };
const order = (surcharges: Surcharge[]): OrderTotalsProps['order'] & { subTotalWithTax: number } => ({
  lines: [{ discountedLinePriceWithTax: 20000 }],
  subTotalWithTax: 20000 + surcharges.reduce((sum, s) => sum + s.priceWithTax, 0),
  discounts: [],
  shippingLines: [{ shippingMethod: { id: '1', code: 'standard', name: 'Standard delivery' }, priceWithTax: 2500 }] as never,
  shippingWithTax: 2500,
  taxSummary: [{ description: 'VAT', taxRate: 15, taxBase: 20000, taxTotal: 3000 }] as never,
  totalWithTax: 22500 + surcharges.reduce((sum, s) => sum + s.priceWithTax, 0),
  surcharges,
});

// The backend describes a payment method's surcharge in both languages at once ("… | …"): the
// totals name it in the page's language, like the preview on the payment step.
describe('OrderTotals: a payment method’s fee or discount on the order', () => {
  it('names the method’s fee and discount in the page’s language, not the backend’s bilingual description', () => {
    renderWithApp(
      <OrderTotals
        order={order([
          {
            sku: 'payment-method:cash-on-delivery',
            description: 'رسوم الدفع عند الاستلام (١٥٫٠٠ ر.س) | Cash on delivery fee (SAR 15.00)',
            price: 1304,
            priceWithTax: 1500,
          },
          {
            sku: 'payment-method:tabby',
            description: 'خصم الدفع عبر تابي (5٪) | Tabby payment discount (5%)',
            price: -978,
            priceWithTax: -1125,
          },
        ])}
      />,
      { path: '/en/checkout-success' },
    );

    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toContain('Cash on delivery fee');
    expect(terms).toContain('Tabby: pay in instalments discount');
    expect(terms.join('\n')).not.toMatch(/\||رسوم|خصم/);
  });

  it('shows the items’ subtotal without the surcharges listed below it, so the rows add up to the total', () => {
    renderWithApp(
      <OrderTotals order={order([{ sku: 'payment-method:cash-on-delivery', description: 'x | y', price: 1304, priceWithTax: 1500 }])} />,
      { path: '/en/checkout-success' },
    );

    const amount = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(amount('Subtotal')).toBe('SAR 200');
    expect(amount('Cash on delivery fee')).toBe('SAR 15');
    expect(amount('Shipping')).toBe('SAR 25');
    expect(amount('Total incl. VAT')).toBe('SAR 240');
  });

  it('keeps any other surcharge’s own description', () => {
    renderWithApp(<OrderTotals order={order([{ sku: 'gift-wrap', description: 'Gift wrapping', price: 870, priceWithTax: 1000 }])} />, {
      path: '/en/checkout-success',
    });

    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toContain('Gift wrapping');
  });
});
