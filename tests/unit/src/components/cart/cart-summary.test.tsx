import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartSummary } from '../../../../../src/components/cart/cart-summary';
import { renderWithApp } from '../../../helpers/render';
import { fakeOrder } from '../../../machines/cart-fixtures';

afterEach(cleanup);

const order = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 2 }], {
  lines: [{ id: 'l1', quantity: 2, productVariant: { id: 'v1' }, discountedLinePriceWithTax: 23900 }],
  subTotalWithTax: 23900,
  totalWithTax: 23900,
  shippingLines: [],
  shippingWithTax: 0,
  discounts: [],
  taxSummary: [{ description: 'VAT', taxRate: 15, taxBase: 20783, taxTotal: 3117 }],
} as never);

function totalText(): string {
  const summary = screen.getByRole('region', { name: 'Order summary' });
  const row = within(summary).getByText('Total incl. VAT').closest('div')!;
  return row.querySelector('dd')!.textContent!;
}

describe('CartSummary', () => {
  it('shows no total while the shipping estimate is loading, so the figure never jumps', () => {
    renderWithApp(<CartSummary order={order} shippingEstimate={undefined} />, { path: '/en/cart' });
    expect(totalText()).toBe('Calculating…');
  });

  it('adds the estimated shipping to the total once it is known', () => {
    renderWithApp(<CartSummary order={order} shippingEstimate={2500} />, { path: '/en/cart' });
    expect(totalText()).toMatch(/264/);
    expect(screen.getByText('Estimated shipping')).toBeTruthy();
  });

  it('shows the order total when no shipping method is eligible yet (priced at checkout)', () => {
    renderWithApp(<CartSummary order={order} shippingEstimate={null} />, { path: '/en/cart' });
    expect(totalText()).toMatch(/239/);
    expect(screen.getByText('At checkout')).toBeTruthy();
  });
});

// Issue 32 §7: the cart splits the total it shows (shipping estimate included) and says how long
// delivery takes, from the methods' terms the page was served with.
describe('CartSummary: instalments and delivery estimate', () => {
  const seen = (s: string | null) => (s ?? '').replace(/[\u2068\u2069\u200f\u200e]/g, '').replace(/\u00a0/g, ' ');
  const plans = [{ methodCode: 'tabby', name: 'Tabby', installments: 4, interestFree: true, minTotal: 5000, maxTotal: 300000 }];
  const times = [
    { minDays: 3, maxDays: 5 },
    { minDays: 1, maxDays: 2 },
  ];

  it('splits the total with the estimated shipping, and says the delivery window', () => {
    renderWithApp(<CartSummary order={order} shippingEstimate={2500} installmentPlans={plans} deliveryTimes={times} />, {
      path: '/en/cart',
    });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const offer = within(summary).getByRole('list', { name: 'Pay in instalments' });
    // 239.00 + 25.00 shipping = 264.00, in 4: 66.00 each
    expect(seen(offer.textContent)).toBe('Tabby 4 × SAR 66, no interest');
    expect(within(summary).getByText('Delivery in 1–5 working days')).toBeTruthy();
  });

  it('splits nothing while the total is still being calculated', () => {
    renderWithApp(<CartSummary order={order} shippingEstimate={undefined} installmentPlans={plans} deliveryTimes={times} />, {
      path: '/en/cart',
    });
    expect(screen.queryByRole('list', { name: 'Pay in instalments' })).toBeNull();
  });
});
