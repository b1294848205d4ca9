// Issue 32 §7: the product page's quantity picker offers no more than the shop has: 1 to the
// variant's maxQuantity (its stock within the per-product limit, from the Shop API), in the
// page's digits; a variant with less stock shrinks what was chosen.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToCart } from '../../../../../src/components/catalogue/product-actions';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const offered = () =>
  within(screen.getByRole('combobox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('AddToCart quantity picker', () => {
  it.each([
    ['/en/products/abaya', ['1', '2', '3']],
    ['/products/abaya', ['١', '٢', '٣']],
  ])('with 3 in stock offers 1 to 3 (%s)', (path, expected) => {
    renderWithApp(<AddToCart variantId="v1" purchasable maxQuantity={3} onAddToCart={vi.fn()} />, { path });
    expect(offered()).toEqual(expected);
  });

  it('offers the per-product limit (10) when the stock is larger or not known', () => {
    renderWithApp(<AddToCart variantId="v1" purchasable maxQuantity={40} onAddToCart={vi.fn()} />, { path: '/en/products/abaya' });
    expect(offered()).toHaveLength(10);
    cleanup();
    renderWithApp(<AddToCart variantId="v1" purchasable onAddToCart={vi.fn()} />, { path: '/en/products/abaya' });
    expect(offered()).toHaveLength(10);
  });

  it('adds what was chosen, and no more than another variant has once the shopper switches to it', () => {
    const onAddToCart = vi.fn();
    // the product page: the chosen variant changes, the picker stays
    function Page() {
      const [variant, setVariant] = useState({ id: 'v1', maxQuantity: 5 });
      return (
        <>
          <button type="button" onClick={() => setVariant({ id: 'v2', maxQuantity: 2 })}>
            Other colour
          </button>
          <AddToCart variantId={variant.id} purchasable maxQuantity={variant.maxQuantity} onAddToCart={onAddToCart} />
        </>
      );
    }
    renderWithApp(<Page />, { path: '/en/products/abaya' });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenLastCalledWith('v1', 5);
    fireEvent.click(screen.getByRole('button', { name: 'Other colour' }));
    expect(offered()).toEqual(['1', '2']);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenLastCalledWith('v2', 2);
  });
});
