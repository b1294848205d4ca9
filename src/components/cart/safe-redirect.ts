/**
 * A redirect target taken from a query parameter is used only when it is a path of this site:
 * starts with one "/", no "//" or "/\" (protocol-relative), no scheme, no control characters.
 * Anything else falls back, so /auth?redirect=https://evil.example cannot send anyone away.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || typeof target !== 'string') return fallback;
  // eslint-disable-next-line no-control-regex
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, 'http://internal.invalid');
    if (url.origin !== 'http://internal.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page, coming back to `back` (a path of this site) afterwards. */
export function signInHref(back: string): string {
  return `/auth?redirect=${encodeURIComponent(back)}`;
}

/** Where "proceed to checkout" goes: checkout for a customer, else the auth page and back. */
export function checkoutHref(orderCode: string, loggedIn: boolean): string {
  const checkout = `/checkout/${encodeURIComponent(orderCode)}`;
  return loggedIn ? checkout : signInHref(checkout);
}
