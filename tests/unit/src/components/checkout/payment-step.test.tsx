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
