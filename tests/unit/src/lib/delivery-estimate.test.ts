import { describe, expect, it } from 'vitest';
import { deliveryWindow } from '../../../../src/lib/delivery-estimate';

describe('deliveryWindow: what the delivery options cover together', () => {
  it('runs from the fastest option’s first day to the slowest option’s last', () => {
    expect(
      deliveryWindow([
        { minDays: 3, maxDays: 5 },
        { minDays: 1, maxDays: 2 },
        { minDays: 3, maxDays: 5 },
      ]),
    ).toEqual({ minDays: 1, maxDays: 5 });
    expect(deliveryWindow([{ minDays: 2, maxDays: 4 }])).toEqual({ minDays: 2, maxDays: 4 });
  });

  it('ignores a time that cannot be one (inverted, negative, fractional) and says nothing without any', () => {
    expect(
      deliveryWindow([
        { minDays: 4, maxDays: 2 },
        { minDays: -1, maxDays: 2 },
        { minDays: 1.5, maxDays: 3 },
        { minDays: 2, maxDays: 3 },
      ]),
    ).toEqual({ minDays: 2, maxDays: 3 });
    expect(deliveryWindow([])).toBeNull();
    expect(deliveryWindow([{ minDays: 5, maxDays: 1 }])).toBeNull();
  });
});
