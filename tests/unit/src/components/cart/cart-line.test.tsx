import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLine, type CartLineData } from '../../../../../src/components/cart/cart-line';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const line = (quantity: number, maxQuantity?: number) =>
  ({
    id: 'l1',
    quantity,
    unitPriceWithTax: 10000,
    linePriceWithTax: 10000 * quantity,
    discountedLinePriceWithTax: 10000 * quantity,
    featuredAsset: null,
    productVariant: { id: 'v1', options: [], customFields: null, maxQuantity, product: { name: 'Abaya', slug: 'abaya' } },
  }) as unknown as CartLineData;

function renderLine(quantity: number, pendingQuantity: number | null = null, maxQuantity?: number) {
  const onQuantity = vi.fn();
  renderWithApp(
    <CartLine line={line(quantity, maxQuantity)} pendingQuantity={pendingQuantity} onQuantity={onQuantity} onRemove={vi.fn()} />,
    {
      path: '/en/cart',
    },
  );
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

  it('at the per-product limit (10, the Shop API’s MAX_LINE_QUANTITY), increasing is disabled', () => {
    const { increase, onQuantity } = renderLine(10);
    expect(isDisabled(increase)).toBe(true);
    fireEvent.click(increase);
    expect(onQuantity).not.toHaveBeenCalled();
  });

  // Issue 32 §7: no more than the shop has (the variant's maxQuantity: its stock within the limit).
  it('with 3 in stock, increasing stops at 3', () => {
    const below = renderLine(2, null, 3);
    expect(isDisabled(below.increase)).toBe(false);
    fireEvent.click(below.increase);
    expect(below.onQuantity).toHaveBeenCalledExactlyOnceWith('l1', 3);
    cleanup();
    const at = renderLine(3, null, 3);
    expect(isDisabled(at.increase)).toBe(true);
    fireEvent.click(at.increase);
    expect(at.onQuantity).not.toHaveBeenCalled();
  });
});
