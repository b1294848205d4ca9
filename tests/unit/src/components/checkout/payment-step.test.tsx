import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentStep, type PaymentChoice } from '../../../../../src/components/checkout/payment-step';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const choice = (code: string, name: string): PaymentChoice => ({
  method: { id: code, code, name, description: '', isEligible: true, eligibilityMessage: null, customFields: null } as never,
  name,
  payable: 11500,
  discount: 0,
  increment: 0,
  installments: null,
});
/** The button's accessible description: the text of the elements its aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const choices = [choice('card', 'Credit or debit card'), choice('cash-on-delivery', 'Cash on delivery')];

// Issue 39 (6): a disabled Pay left the tab order, so Tab from the methods left the page with no
// word of why. It stays focusable, says it cannot go on, and why.
describe('PaymentStep: Pay before a method is chosen', () => {
  it('is reachable by Tab, aria-disabled, described by why it cannot go on, and pressing it does not pay', () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <PaymentStep choices={choices} selectedCode={null} status="choosing" canSubmit={false} onSelect={() => {}} onSubmit={onSubmit} />,
      {
        path: '/en/checkout/X?step=payment',
      },
    );
    const pay = screen.getByRole('button', { name: 'Pay now' });
    expect(pay.hasAttribute('disabled')).toBe(false);
    expect(pay.tabIndex).toBe(0);
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(description(pay)).toBe('Choose a payment method to pay.');
    expect(screen.getByText('Choose a payment method to pay.')).toBeTruthy();
    fireEvent.click(pay);
    fireEvent.submit(pay.closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('once a method is chosen: not aria-disabled, no explanation, and pressing it pays', () => {
    const onSubmit = vi.fn();
    renderWithApp(
      <PaymentStep choices={choices} selectedCode="card" status="choosing" canSubmit onSelect={() => {}} onSubmit={onSubmit} />,
      {
        path: '/en/checkout/X?step=payment',
      },
    );
    const pay = screen.getByRole('button', { name: /^Pay / });
    expect(pay.getAttribute('aria-disabled')).toBeNull();
    expect(description(pay)).toBe('');
    expect(screen.queryByText('Choose a payment method to pay.')).toBeNull();
    fireEvent.submit(pay.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

// Issue 32 §7: an instalment method says what each payment of this order would be.
describe('PaymentStep: instalment methods', () => {
  const tabbyChoice = (isEligible: boolean): PaymentChoice => ({
    ...choice('tabby', 'Tabby: pay in instalments'),
    method: {
      id: 'tabby',
      code: 'tabby',
      name: 'Tabby',
      description: '',
      isEligible,
      eligibilityMessage: isEligible ? null : 'Available for orders from SAR 50 to SAR 3,000.',
      customFields: null,
    } as never,
    payable: 43001,
    installments: {
      kind: 'split',
      methodCode: 'tabby',
      interestFree: true,
      payments: [10750, 10750, 10750, 10751],
      regular: 10750,
      last: 10751,
    },
  });
  const seen = (s: string) => s.replace(/[\u2068\u2069\u200f\u200e]/g, '').replace(/\u00a0/g, ' ');

  it('describes the method’s radio with its split of what it would charge', () => {
    renderWithApp(
      <PaymentStep
        choices={[tabbyChoice(true), ...choices]}
        selectedCode={null}
        status="choosing"
        canSubmit={false}
        onSelect={() => {}}
        onSubmit={() => {}}
      />,
      { path: '/en/checkout/X?step=payment' },
    );
    const radio = screen.getByRole('radio', { name: /Tabby/ });
    expect(seen(description(radio))).toBe('3 × SAR 107.50 + SAR 107.51, no interest');
  });

  it('an ineligible method gives its reason and no split', () => {
    renderWithApp(
      <PaymentStep
        choices={[tabbyChoice(false)]}
        selectedCode={null}
        status="choosing"
        canSubmit={false}
        onSelect={() => {}}
        onSubmit={() => {}}
      />,
      { path: '/en/checkout/X?step=payment' },
    );
    expect(description(screen.getByRole('radio', { name: /Tabby/ }))).toBe('Available for orders from SAR 50 to SAR 3,000.');
  });
});
