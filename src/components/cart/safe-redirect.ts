/** The sign-in page, coming back to `back` (a path of this site) afterwards. */
export function signInHref(back: string): string {
  return `/auth?redirect=${encodeURIComponent(back)}`;
}

/** Where "proceed to checkout" goes: checkout for a customer, else the auth page and back. */
export function checkoutHref(orderCode: string, loggedIn: boolean): string {
  const checkout = `/checkout/${encodeURIComponent(orderCode)}`;
  return loggedIn ? checkout : signInHref(checkout);
}
