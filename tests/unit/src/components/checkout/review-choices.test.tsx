import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewChoices } from '../../../../../src/components/checkout/review-choices';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const ADDRESS = {
  fullName: 'Omar Hassan',
  streetLine1: 'Olaya Street 7',
  city: 'Jeddah',
  country: 'Saudi Arabia',
  phoneNumber: '+966551234567',
};

// Issue 32 §2: the review step shows what the shopper chose, each with a way back to change it.
describe('ReviewChoices', () => {
  it('shows the chosen address and delivery option, each with a change button that goes back to its step', () => {
    const onChangeAddress = vi.fn();
    const onChangeDelivery = vi.fn();
    renderWithApp(
      <ReviewChoices
        address={ADDRESS}
        delivery={{ name: 'Express delivery', priceWithTax: 4500 }}
        onChangeAddress={onChangeAddress}
        onChangeDelivery={onChangeDelivery}
      />,
      { path: '/en/checkout/ORD1' },
    );

    const address = screen.getByRole('region', { name: 'Shipping address' });
    expect(address.textContent).toContain('Omar Hassan');
    expect(address.textContent).toContain('Olaya Street 7');
    expect(address.textContent).toContain('Jeddah');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('Express delivery');
    expect(delivery.textContent?.replace(/\s/g, ' ')).toContain('SAR 45');

    fireEvent.click(screen.getByRole('button', { name: 'Change the shipping address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change the delivery option' }));
    expect(onChangeAddress).toHaveBeenCalledOnce();
    expect(onChangeDelivery).toHaveBeenCalledOnce();
  });

  it('offers no change where the step cannot be opened (the server preview)', () => {
    renderWithApp(
      <ReviewChoices
        address={ADDRESS}
        delivery={{ name: 'Standard delivery', priceWithTax: 0 }}
        onChangeAddress={null}
        onChangeDelivery={null}
      />,
      { path: '/en/checkout/ORD1' },
    );

    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Delivery' }).textContent).toContain('Free');
  });
});
