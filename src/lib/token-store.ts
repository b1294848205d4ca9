// Where the visitor's Vendure token lives in the browser (decision 001): local storage, plus a
// `vendure_token` cookie (SameSite=Lax, path /) so the SSR of account pages can read it.

import { readCookie } from './cookies';

export const TOKEN_COOKIE = 'vendure_token';
export const TOKEN_STORAGE_KEY = 'vendure_token';
export const TOKEN_ISSUED_AT_KEY = 'vendure_token_issued_at';
const TOKEN_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface StoredToken {
  token: string;
  /** Epoch ms when we received it; null when unknown (e.g. cookie only). */
  issuedAt: number | null;
}

export interface TokenStore {
  read(): StoredToken | null;
  write(token: string, issuedAt: number): void;
  clear(): void;
}

/**
 * The browser implementation. The cookie gets `Secure` on an https page, and when `secure` says so
 * (the server's `secureCookiesFor`: SECURE_COOKIES, an https PUBLIC_URL or an https request), so a
 * TLS terminator the storefront does not trust still gets a Secure token cookie (decision 013).
 */
export function browserTokenStore(doc: Document, storage: Storage | null, options: { secure?: boolean } = {}): TokenStore {
  const secure = options.secure === true || doc.location?.protocol === 'https:';
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    // Spec §7: the token comes from the cookie, else the local storage entry.
    read() {
      const fromCookie = readCookie(doc.cookie, TOKEN_COOKIE);
      const fromStorage = safe(() => storage?.getItem(TOKEN_STORAGE_KEY) ?? null);
      const token = fromCookie || fromStorage;
      if (!token) return null;
      const issued = Number(safe(() => storage?.getItem(TOKEN_ISSUED_AT_KEY) ?? null));
      // The issue time belongs to the stored token only.
      return { token, issuedAt: token === fromStorage && Number.isFinite(issued) && issued > 0 ? issued : null };
    },
    write(token, issuedAt) {
      doc.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_COOKIE_MAX_AGE}; ${attributes}`;
      safe(() => {
        storage?.setItem(TOKEN_STORAGE_KEY, token);
        storage?.setItem(TOKEN_ISSUED_AT_KEY, String(issuedAt));
      });
    },
    clear() {
      doc.cookie = `${TOKEN_COOKIE}=; Max-Age=0; ${attributes}`;
      safe(() => {
        storage?.removeItem(TOKEN_STORAGE_KEY);
        storage?.removeItem(TOKEN_ISSUED_AT_KEY);
      });
    },
  };
}

// Private browsing modes may throw on storage access: the cookie still works.
function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
