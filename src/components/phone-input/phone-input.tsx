import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CountrySelect } from './country-select';
import { loadPhoneLib, whenPageIdle } from './load-phone-lib';
import {
  acceptPhoneText,
  DEFAULT_COUNTRY,
  judgePhone,
  PHONE_DEFAULT_TEXT_LIMIT,
  PHONE_TEXT_HARD_LIMIT,
  type CountryOption,
  type PhoneLib,
  type PhoneVerdict,
} from './phone-rules';

export interface PhoneValue extends PhoneVerdict {
  /** What the field shows. */
  text: string;
  /** The selected country (ISO 3166 alpha-2). */
  selectedCountry: string;
}

export interface PhoneInputProps {
  label: string;
  name?: string;
  /** Controlled text; omit for an uncontrolled field. */
  value?: string;
  defaultValue?: string;
  defaultCountry?: string;
  /** Only digits, spaces, +, - and brackets can be typed (default true). */
  restricted?: boolean;
  /** Maximum length of the text (default 25, never above 250). */
  textLimit?: number;
  required?: boolean;
  disabled?: boolean;
  /** An error to show under the field (already translated). */
  error?: string | null;
  /** The locale for country names. */
  locale: 'ar' | 'en';
  onChange?: (value: PhoneValue) => void;
  /** For tests: a phone library instead of the lazy import. */
  phoneLib?: PhoneLib;
}

// Enough to render the default country before the library arrives (server render, first paint).
const KNOWN_CALLING_CODES: Record<string, string> = { SA: '966', AE: '971', KW: '965', BH: '973', QA: '974', OM: '968', EG: '20' };

function countryOptions(lib: PhoneLib | null, locale: string, pinned: string): CountryOption[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
  const name = (code: string) => names?.of(code) ?? code;
  if (!lib) return [{ code: pinned, name: name(pinned), callingCode: KNOWN_CALLING_CODES[pinned] ?? '' }];
  const collator = new Intl.Collator(locale);
  const all = lib
    .getCountries()
    .map((code) => ({ code, name: name(code), callingCode: lib.getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  // The default country first: most shoppers never open the list.
  const first = all.find((o) => o.code === pinned);
  return first ? [first, ...all.filter((o) => o !== first)] : all;
}

export function PhoneInput(props: PhoneInputProps) {
  const { t } = useLingui();
  const id = useId();
  const defaultCountry = props.defaultCountry ?? DEFAULT_COUNTRY;
  const limit = Math.min(props.textLimit ?? PHONE_DEFAULT_TEXT_LIMIT, PHONE_TEXT_HARD_LIMIT);
  const [lib, setLib] = useState<PhoneLib | null>(props.phoneLib ?? null);
  const [country, setCountry] = useState(defaultCountry);
  const [ownText, setOwnText] = useState(props.defaultValue ?? '');
  const text = props.value ?? ownText;
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  const mounted = useRef(false);
  const requestLib = useCallback(() => {
    if (lib) return;
    loadPhoneLib().then(
      (loaded) => mounted.current && setLib(loaded),
      () => undefined, // offline: the field still works, validity stays "pending"
    );
  }, [lib]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Not before the page has loaded and is idle (the field works without it, its verdict "pending"),
  // or at once when the shopper focuses or touches the field (onFocus, onPointerDown below).
  useEffect(() => (lib ? undefined : whenPageIdle(requestLib)), [lib, requestLib]);

  const options = useMemo(() => countryOptions(lib, props.locale, defaultCountry), [lib, props.locale, defaultCountry]);
  const callingCode = options.find((o) => o.code === country)?.callingCode ?? '';

  function report(nextText: string, nextCountry: string, withLib: PhoneLib | null) {
    onChange.current?.({ text: nextText, selectedCountry: nextCountry, ...judgePhone(nextText, nextCountry, withLib) });
  }

  // Re-judge once the library arrives: the form's verdict goes from pending to valid/invalid.
  useEffect(() => {
    if (lib && text) report(text, country, lib);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the library arrives
  }, [lib]);

  function changeText(typed: string) {
    const next = acceptPhoneText(text, typed, callingCode, { restricted: props.restricted ?? true, limit });
    let nextCountry = country;
    // An international number names its own country.
    const detected = judgePhone(next, country, lib).country;
    if (next.trim().startsWith('+') && detected && detected !== country) nextCountry = detected;
    if (nextCountry !== country) setCountry(nextCountry);
    if (props.value === undefined) setOwnText(next);
    report(next, nextCountry, lib);
  }

  function changeCountry(code: string) {
    setCountry(code);
    report(text, code, lib);
  }

  const errorId = `${id}-error`;
  return (
    <div className="phone-input">
      <label className="phone-input__label" htmlFor={`${id}-tel`}>
        {props.label}
      </label>
      <div className="phone-input__group" dir="ltr" onFocus={requestLib} onPointerDown={requestLib}>
        <CountrySelect options={options} value={country} onChange={changeCountry} disabled={props.disabled} />
        <input
          id={`${id}-tel`}
          className="phone-input__field"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          name={props.name}
          value={text}
          maxLength={limit}
          required={props.required}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          placeholder={t`Phone number`}
          onChange={(event) => changeText(event.target.value)}
        />
      </div>
      {props.error && (
        <p id={errorId} className="phone-input__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
