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
