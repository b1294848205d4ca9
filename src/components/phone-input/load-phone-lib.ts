import type { PhoneLib } from './phone-rules';

let loading: Promise<PhoneLib> | null = null;

/**
 * libphonenumber-js with full ("max") metadata, so validity follows each country's number
 * patterns, not just lengths. ~45 KiB gzip: a separate chunk, imported in the browser once a page
 * with a phone field has loaded and is idle, or at once when the field is used (whenPageIdle).
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

/**
 * Runs `load` once the page has loaded and the main thread is idle (at most 2 s later), as the
 * app's actors load (decision 007): the library is not part of the first paint. Returns a cancel.
 */
export function whenPageIdle(load: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(load, 1);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
