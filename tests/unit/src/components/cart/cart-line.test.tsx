import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLine, type CartLineData } from '../../../../../src/components/cart/cart-line';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const line = (quantity: number) =>
  ({
    id: 'l1',
    quantity,
    unitPriceWithTax: 10000,
    linePriceWithTax: 10000 * quantity,
    discountedLinePriceWithTax: 10000 * quantity,
    featuredAsset: null,
    productVariant: { id: 'v1', options: [], customFields: null, product: { name: 'Abaya', slug: 'abaya' } },
  }) as unknown as CartLineData;

function renderLine(quantity: number, pendingQuantity: number | null = null) {
  const onQuantity = vi.fn();
  renderWithApp(<CartLine line={line(quantity)} pendingQuantity={pendingQuantity} onQuantity={onQuantity} onRemove={vi.fn()} />, {
    path: '/en/cart',
  });
  return {
    onQuantity,
    decrease: screen.getByRole('button', { name: 'Decrease quantity of Abaya' }) as HTMLButtonElement,
    increase: screen.getByRole('button', { name: 'Increase quantity of Abaya' }) as HTMLButtonElement,
  };
}

// Issue 15, item 6: the stepper never asks for 0 (removing a line is the Remove button) nor more
// than the cart's cap; the Shop API refuses anything outside 1–10000 anyway. The ends are
// aria-disabled, not disabled (issue 20: focus stays on the button), so a click must do nothing.
const isDisabled = (button: HTMLButtonElement) => button.getAttribute('aria-disabled') === 'true';
describe('CartLine quantity stepper', () => {
  it('at 1, decreasing is disabled: a click sends nothing', () => {
    const { decrease, increase, onQuantity } = renderLine(1);
    expect(isDisabled(decrease)).toBe(true);
    expect(isDisabled(increase)).toBe(false);
    fireEvent.click(decrease);
    expect(onQuantity).not.toHaveBeenCalled();
  });

  it('at 2, decreasing asks for 1', () => {
    const { decrease, onQuantity } = renderLine(2);
    fireEvent.click(decrease);
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith('l1', 1);
  });

  it('follows the quantity on its way: a pending 1 already disables decreasing', () => {
    const { decrease, onQuantity } = renderLine(2, 1);
    expect(isDisabled(decrease)).toBe(true);
    fireEvent.click(decrease);
    expect(onQuantity).not.toHaveBeenCalled();
  });

  it('at 99, increasing is disabled', () => {
    const { increase, onQuantity } = renderLine(99);
    expect(isDisabled(increase)).toBe(true);
    fireEvent.click(increase);
    expect(onQuantity).not.toHaveBeenCalled();
  });
});
