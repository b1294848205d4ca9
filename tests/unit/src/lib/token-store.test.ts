// The session token's cookie as the browser writes it (decision 001, 013): Secure on https pages,
// and when the server says the shop is served over https; never on a plain-http page otherwise.
import { describe, expect, it } from 'vitest';
import { browserTokenStore, TOKEN_COOKIE, TOKEN_ISSUED_AT_KEY, TOKEN_STORAGE_KEY } from '../../../../src/lib/token-store';

/** A document at `url` that records every `document.cookie` assignment. */
function documentAt(url: string) {
  const written: string[] = [];
  const doc = {
    location: new URL(url),
    get cookie() {
      return written.length ? written[written.length - 1]!.split(';')[0]! : '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  return { doc: doc as unknown as Document, written };
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0]!.toLowerCase());

describe('browserTokenStore cookie', () => {
  it('is Secure on an https page, for writing and for clearing', () => {
    const { doc, written } = documentAt('https://shop.example.sa/en/auth');
    const store = browserTokenStore(doc, memoryStorage());
    store.write('tok-1', 1_700_000_000_000);
    store.clear();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(new RegExp(`^${TOKEN_COOKIE}=tok-1;`));
    expect(written[1]).toMatch(new RegExp(`^${TOKEN_COOKIE}=;`));
    for (const cookie of written) expect(attributes(cookie)).toEqual(['max-age', 'path', 'samesite', 'secure']);
  });

  it('is Secure when the server says the shop is served over https, even if the page URL is not', () => {
    const { doc, written } = documentAt('http://127.0.0.1:8080/');
    browserTokenStore(doc, memoryStorage(), { secure: true }).write('tok-2', 1);
    expect(attributes(written[0]!)).toContain('secure');
  });

  it('is not Secure on a plain-http page (local development), where the browser would drop it', () => {
    const { doc, written } = documentAt('http://127.0.0.1:8080/en');
    const store = browserTokenStore(doc, memoryStorage(), { secure: false });
    store.write('tok-3', 1);
    store.clear();
    for (const cookie of written) expect(attributes(cookie)).not.toContain('secure');
  });

  it('keeps the token in local storage too, with its issue time', () => {
    const { doc } = documentAt('https://shop.example.sa/');
    const storage = memoryStorage();
    const store = browserTokenStore(doc, storage);
    store.write('tok-4', 1234);
    expect([storage.getItem(TOKEN_STORAGE_KEY), storage.getItem(TOKEN_ISSUED_AT_KEY)]).toEqual(['tok-4', '1234']);
    expect(store.read()).toEqual({ token: 'tok-4', issuedAt: 1234 });
  });
});
