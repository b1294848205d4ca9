import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryEstimate, InstallmentOffers } from '../../../../../src/components/purchase-terms/purchase-terms';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const seen = (s: string | null) => (s ?? '').replace(/[\u2068\u2069\u200f\u200e]/g, '').replace(/\u00a0/g, ' ');
const plans = [
  { methodCode: 'tabby', name: 'Tabby — pay in installments', installments: 4, interestFree: true, minTotal: 5000, maxTotal: 300000 },
  { methodCode: 'tamara', name: 'Tamara — pay in installments', installments: 3, interestFree: true, minTotal: 10000, maxTotal: 500000 },
];
const items = () =>
  within(screen.getByRole('list', { name: 'Pay in instalments' }))
    .getAllByRole('listitem')
    .map((li) => seen(li.textContent));

describe('InstallmentOffers', () => {
  it('names each provider and its split of the total', () => {
    renderWithApp(<InstallmentOffers total={43001} plans={plans} />, { path: '/en/products/x' });
    expect(items()).toEqual(['Tabby 3 × SAR 107.50 + SAR 107.51, no interest', 'Tamara 2 × SAR 143.33 + SAR 143.35, no interest']);
  });

  it('below a provider’s minimum says from what total it is available, not a split', () => {
    renderWithApp(<InstallmentOffers total={6000} plans={plans} />, { path: '/en/products/x' });
    expect(items()).toEqual(['Tabby 4 × SAR 15, no interest', 'Tamara Available for orders from SAR 100']);
  });

  it('shows nothing while the total is not known, or without a plan', () => {
    const { unmount } = renderWithApp(<InstallmentOffers total={null} plans={plans} />, { path: '/en/cart' });
    expect(screen.queryByRole('list', { name: 'Pay in instalments' })).toBeNull();
    unmount();
    renderWithApp(<InstallmentOffers total={43000} plans={[]} />, { path: '/en/cart' });
    expect(screen.queryByRole('list', { name: 'Pay in instalments' })).toBeNull();
  });
});

describe('DeliveryEstimate', () => {
  it('says the window the delivery options cover', () => {
    renderWithApp(
      <DeliveryEstimate
        times={[
          { minDays: 3, maxDays: 5 },
          { minDays: 1, maxDays: 2 },
        ]}
      />,
      { path: '/en/products/x' },
    );
    expect(screen.getByText('Delivery in 1–5 working days')).toBeTruthy();
  });

  it('says nothing when no option has a delivery time', () => {
    const { container } = renderWithApp(<DeliveryEstimate times={[]} />, { path: '/en/products/x' });
    expect(container.textContent).toBe('');
  });
});
