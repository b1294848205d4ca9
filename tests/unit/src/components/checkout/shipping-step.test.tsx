import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShippingStep } from '../../../../../src/components/checkout/shipping-step';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const method = (id: string, name: string, days: [number, number] | null) =>
  ({
    id,
    code: id,
    name,
    description: '',
    price: 2174,
    priceWithTax: 2500,
    customFields: days ? { minDeliveryDays: days[0], maxDeliveryDays: days[1] } : { minDeliveryDays: null, maxDeliveryDays: null },
  }) as never;

// Issue 32 §7: each option's delivery time in the words the product page and the cart use.
describe('ShippingStep', () => {
  it('says how long each option takes, and nothing for an option without a delivery time', () => {
    renderWithApp(
      <ShippingStep
        methods={[
          method('standard', 'Standard delivery', [3, 5]),
          method('express', 'Express delivery', [1, 2]),
          method('pickup', 'Pickup', null),
        ]}
        selectedId={null}
        busy={false}
        canSubmit={false}
        onSelect={() => {}}
        onSubmit={() => {}}
      />,
      { path: '/en/checkout/X?step=shipping' },
    );
    expect(screen.getByRole('radio', { name: /Standard delivery/ }).closest('label')!.textContent).toContain(
      'Delivery in 3–5 working days',
    );
    expect(screen.getByRole('radio', { name: /Express delivery/ }).closest('label')!.textContent).toContain('Delivery in 1–2 working days');
    expect(screen.getByRole('radio', { name: /Pickup/ }).closest('label')!.textContent).not.toContain('Delivery in');
  });
});
