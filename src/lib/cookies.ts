/**
 * The value of cookie `name` in a `Cookie` header (or `document.cookie`), or null. Never throws:
 * a malformed percent-escape (anyone can send any cookie) reads as the raw value, so a loader
 * that reads a cookie cannot be made to fail with a 500.
 */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
