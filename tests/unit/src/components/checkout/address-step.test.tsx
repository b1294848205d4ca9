import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressStep, type AddressStepProps } from '../../../../../src/components/checkout/address-step';
import { savedAddress } from '../../../machines/checkout.fixtures';
import { renderWithApp } from '../../../helpers/render';

afterEach(cleanup);

const CITIES = [
  { id: '1', code: 'RUH', name: 'Riyadh', countryCode: 'SA', translations: [{ languageCode: 'en', name: 'Riyadh' }] },
  { id: '2', code: 'JED', name: 'Jeddah', countryCode: 'SA', translations: [{ languageCode: 'en', name: 'Jeddah' }] },
] as AddressStepProps['cities'];

function renderStep(patch: Partial<AddressStepProps> = {}) {
  const onCreate = vi.fn();
  const props: AddressStepProps = {
    addresses: [],
    selectedId: null,
    status: 'choosing',
    canSubmit: false,
    onSelect: vi.fn(),
    onSubmit: vi.fn(),
    onCreate,
    onVerify: vi.fn(),
    onResend: vi.fn(),
    onChangeAddress: vi.fn(),
    cities: CITIES,
    citiesStatus: 'ready',
    ...patch,
  };
  renderWithApp(<AddressStep {...props} />, { path: '/en/checkout/ORD1' });
  return { onCreate };
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

// Issue 32 §3 / issue 39 item 6: the checkout's new address is the profile's form, its rules and fields.
describe('AddressStep: the new address form', () => {
  it('has the profile’s fields, the city from the list, and exposes the required ones as required', () => {
    renderStep();

    const city = screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement;
    expect([...city.options].map((o) => o.textContent)).toEqual(['Choose a city', 'Riyadh', 'Jeddah']);
    for (const field of [textbox('First name'), textbox('Street and building'), city, textbox('Mobile number')]) {
      expect(field.required).toBe(true);
    }
    expect(textbox(/Last name/).required).toBe(false);
    expect(textbox(/District, floor, apartment/).required).toBe(false);
    expect(textbox(/Delivery instructions/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'This is a gift for someone else' })).toBeTruthy();
  });

  it('refuses the phone "123" and says why on the field; nothing is sent', async () => {
    const { onCreate } = renderStep();
    fireEvent.change(textbox('First name'), { target: { value: 'Omar' } });
    fireEvent.change(textbox('Street and building'), { target: { value: 'Olaya Street 7' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'City' }), { target: { value: 'JED' } });
    fireEvent.change(textbox('Mobile number'), { target: { value: '123' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save and deliver here' }));

    expect(onCreate).not.toHaveBeenCalled();
    await waitFor(() => expect(textbox('Mobile number').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
  });
});

// Issue 39 item 4: the button that opened the form is gone; focus must not fall to <body>.
describe('AddressStep: "Add a new address"', () => {
  it('moves focus to the new form’s heading, which names the form', async () => {
    renderStep({ addresses: [savedAddress('a1', true, true)], selectedId: 'a1', canSubmit: true });

    fireEvent.click(screen.getByRole('button', { name: 'Add a new address' }));

    const heading = screen.getByRole('heading', { name: 'New address' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('form', { name: 'New address' })).toBeTruthy();
  });

  it('is disabled while the step is busy (and in the server-rendered preview, whose form would be lost)', () => {
    renderStep({ addresses: [savedAddress('a1', true, true)], selectedId: 'a1', status: 'busy' });

    const add = screen.getByRole('button', { name: 'Add a new address' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
  });
});
