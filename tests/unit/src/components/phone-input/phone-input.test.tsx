import * as libphonenumber from 'libphonenumber-js/max';
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneInput, type PhoneValue } from '../../../../../src/components/phone-input/phone-input';
import type { PhoneLib } from '../../../../../src/components/phone-input/phone-rules';
import { renderWithI18n } from '../../../helpers/render';

const lib: PhoneLib = {
  parsePhoneNumberFromString: (text, country) => libphonenumber.parsePhoneNumberFromString(text, country as libphonenumber.CountryCode),
  getCountries: () => libphonenumber.getCountries(),
  getCountryCallingCode: (c) => libphonenumber.getCountryCallingCode(c as libphonenumber.CountryCode),
};

describe('<PhoneInput>', () => {
  afterEach(cleanup);

  function setup(extra: Partial<Parameters<typeof PhoneInput>[0]> = {}) {
    const changes: PhoneValue[] = [];
    renderWithI18n(<PhoneInput label="Phone" locale="en" phoneLib={lib} onChange={(v) => changes.push(v)} {...extra} />);
    return { changes, field: screen.getByLabelText('Phone') as HTMLInputElement };
  }

  it('defaults to Saudi Arabia and reports validity by its metadata', () => {
    const { changes, field } = setup();

    expect(screen.getByRole('combobox', { name: 'Country: Saudi Arabia +966' }).textContent).toContain('+966');
    fireEvent.change(field, { target: { value: '05o1 234 567' } });
    expect(field.value).toBe('051 234 567');
    expect(changes.at(-1)).toMatchObject({ valid: false, status: 'invalid' });

    fireEvent.change(field, { target: { value: '0501234567' } });
    expect(changes.at(-1)).toMatchObject({ valid: true, e164: '+966501234567', selectedCountry: 'SA' });
  });

  it('limits the text to 25 characters by default', () => {
    const { field } = setup();
    expect(field.maxLength).toBe(25);
  });

  it('switches the country when an international number names another one', () => {
    const { changes, field } = setup();
    fireEvent.change(field, { target: { value: '+971501234567' } });
    expect(changes.at(-1)).toMatchObject({ valid: true, selectedCountry: 'AE' });
    expect(screen.getByRole('combobox', { name: /Country: United Arab Emirates/ })).toBeTruthy();
  });

  it('opens the country list, finds a country by typing, and clears the typed text after 700 ms', () => {
    const { changes, field } = setup();
    const combo = screen.getByRole('combobox', { name: /Country/ });
    fireEvent.change(field, { target: { value: '0501234567' } });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1000);
    fireEvent.keyDown(combo, { key: 'e' });
    vi.setSystemTime(1200);
    fireEvent.keyDown(combo, { key: 'g' });
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    const active = document.getElementById(combo.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toContain('Egypt');

    // 800 ms later "u" starts a new search instead of looking for "egu".
    vi.setSystemTime(2000);
    fireEvent.keyDown(combo, { key: 'u' });
    vi.useRealTimers();
    const next = document.getElementById(combo.getAttribute('aria-activedescendant')!);
    expect(next?.textContent).toMatch(/^\p{RI}\p{RI}U/u);

    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    expect(combo.getAttribute('aria-label')).toMatch(/^Country: U/);
    expect(changes.at(-1)?.selectedCountry).not.toBe('SA');
  });

  it('keeps the countries out of the page while the list is closed, all of them there when it opens', () => {
    setup();
    const combo = screen.getByRole('combobox', { name: /Country/ });
    const list = document.getElementById(combo.getAttribute('aria-controls')!)!;
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(0);
    fireEvent.click(combo);
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(200);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(options[0]!.textContent).toContain('Saudi Arabia');
    fireEvent.click(combo);
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(0);
  });

  it('selects a country with the arrow keys', () => {
    setup();
    const combo = screen.getByRole('combobox', { name: /Country/ });
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(combo.getAttribute('aria-label')).not.toBe('Country: Saudi Arabia');
  });

  it('shows an error message tied to the field', () => {
    const { field } = setup({ error: 'Enter a valid phone number' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid phone number').id).toBe(field.getAttribute('aria-describedby'));
  });

  it('loads libphonenumber-js lazily and judges the text once it arrives', async () => {
    const source =
      readFileSync('src/components/phone-input/phone-input.tsx', 'utf8') +
      readFileSync('src/components/phone-input/load-phone-lib.ts', 'utf8');
    expect(source).not.toMatch(/from ['"]libphonenumber-js/);
    expect(source).toMatch(/import\(['"]libphonenumber-js\/max['"]\)/);

    const changes: PhoneValue[] = [];
    await act(async () => {
      renderWithI18n(<PhoneInput label="Phone" locale="en" defaultValue="0501234567" onChange={(v) => changes.push(v)} />);
    });
    await vi.waitFor(() => expect(changes.at(-1)).toMatchObject({ valid: true, e164: '+966501234567' }));
  });

  it('asks for the library once the page has loaded and is idle, or at once when the field is used', async () => {
    const path = '../../../../../src/components/phone-input/load-phone-lib';
    const loadPhoneLib = vi.fn(() => Promise.resolve(lib));
    vi.resetModules();
    vi.doMock(path, async (importOriginal) => ({ ...(await importOriginal<object>()), loadPhoneLib }));
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const { PhoneInput: Deferred } = await import('../../../../../src/components/phone-input/phone-input');
      const first = renderWithI18n(<Deferred label="Phone" locale="en" />);
      expect(loadPhoneLib).not.toHaveBeenCalled();
      // Focusing the field asks at once.
      await act(async () => {
        fireEvent.focus(screen.getByLabelText('Phone'));
      });
      expect(loadPhoneLib).toHaveBeenCalledTimes(1);
      first.unmount();

      // Untouched: asked for after the page's load event, when idle.
      loadPhoneLib.mockClear();
      renderWithI18n(<Deferred label="Phone" locale="en" />);
      expect(loadPhoneLib).not.toHaveBeenCalled();
      readyState.mockReturnValue('complete');
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      await vi.waitFor(() => expect(loadPhoneLib).toHaveBeenCalledTimes(1));
    } finally {
      readyState.mockRestore();
      vi.doUnmock(path);
      vi.resetModules();
    }
  });
});
