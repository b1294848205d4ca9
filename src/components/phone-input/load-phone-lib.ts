import type { PhoneLib } from './phone-rules';

let loading: Promise<PhoneLib> | null = null;

/**
 * libphonenumber-js with full ("max") metadata, so validity follows each country's number
 * patterns, not just lengths. ~48 KiB gzip: a separate chunk, imported only when a phone field
 * mounts in the browser.
 */
export function loadPhoneLib(): Promise<PhoneLib> {
  loading ??= import('libphonenumber-js/max').then(
    (lib) => ({
      parsePhoneNumberFromString: (text, country) =>
        lib.parsePhoneNumberFromString(text, country as Parameters<typeof lib.parsePhoneNumberFromString>[1]),
      getCountries: () => lib.getCountries(),
      getCountryCallingCode: (country) => lib.getCountryCallingCode(country as Parameters<typeof lib.getCountryCallingCode>[0]),
    }),
    (error: unknown) => {
      loading = null; // let a later mount try again
      throw error;
    },
  );
  return loading;
}
