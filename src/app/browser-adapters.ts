/**
 * The browser's side of the composition root: local storage for a guest's favourites, the
 * BroadcastChannel to the other tabs, a page reload. Each has a null-safe fallback (storage
 * disabled, no BroadcastChannel); tests pass fakes of the interfaces instead.
 */
import type { LastRefresh } from '../../machines/build-check.machine';
import type { TabMessage } from '../../machines/shop.machine';
import type { WishlistItem } from '../../machines/wishlist.machine';

export const GUEST_WISHLIST_KEY = 'wishlist_guest';
export const SYNC_CHANNEL = 'shop-sync';

/** Cross-tab messages (BroadcastChannel in the browser; tests pass a fake or nothing). */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

/** Where a guest's favourites live (local storage in the browser). */
export interface GuestWishlistStore {
  read(): WishlistItem[];
  write(items: WishlistItem[]): void;
  clear(): void;
}

/** The browser's guest store and tab channel; the channel is null where BroadcastChannel is missing. */
export function browserShopDeps(): { guestWishlist: GuestWishlistStore; tabChannel: TabChannel | null } {
  const storage = (() => {
    try {
      return typeof window !== 'undefined' ? window.localStorage : null;
    } catch {
      return null;
    }
  })();
  const guestWishlist: GuestWishlistStore = {
    read() {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(GUEST_WISHLIST_KEY) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter(isWishlistItem) : [];
      } catch {
        return [];
      }
    },
    write(items) {
      try {
        storage?.setItem(GUEST_WISHLIST_KEY, JSON.stringify(items));
      } catch {
        // Storage full or disabled: the list lives for this page only.
      }
    },
    clear() {
      try {
        storage?.removeItem(GUEST_WISHLIST_KEY);
      } catch {
        // see write
      }
    },
  };
  if (typeof BroadcastChannel === 'undefined') return { guestWishlist, tabChannel: null };
  let bc: BroadcastChannel | null = null;
  const open = () => (bc ??= new BroadcastChannel(SYNC_CHANNEL));
  const channel: TabChannel = {
    post: (message) => open().postMessage(message),
    subscribe(listener) {
      const onMessage = (e: MessageEvent) => {
        const data = e.data as TabMessage | null;
        if (data && (data.type === 'cart' || data.type === 'wishlist')) listener(data);
      };
      open().addEventListener('message', onMessage);
      return () => open().removeEventListener('message', onMessage);
    },
  };
  return { guestWishlist, tabChannel: channel };
}

/** Spec §4: the whole page reloads after a sign-in in a popup. */
export function reloadPage(): void {
  window.location.reload();
}

/** Where a tab remembers its last refresh for a new build (the reload guard, decision 017). */
export const BUILD_REFRESH_KEY = 'build-refresh';

/** The build this page runs: React Router's manifest version, written into every page. */
export function runningBuildId(): string | null {
  const version = (window as { __reactRouterManifest?: { version?: unknown } }).__reactRouterManifest?.version;
  return typeof version === 'string' && version ? version : null;
}

/** This tab's last refresh for a new build, if any (session storage: per tab, gone with it). */
export function readLastRefresh(storage: Pick<Storage, 'getItem'> | null): LastRefresh | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(BUILD_REFRESH_KEY) ?? 'null');
    const v = parsed as Partial<LastRefresh> | null;
    return v && typeof v.at === 'number' && typeof v.fromBuildId === 'string' ? { at: v.at, fromBuildId: v.fromBuildId } : null;
  } catch {
    return null;
  }
}

/** Remembers the refresh, then reloads the page (the shopper asked for it). */
export function refreshForBuild(storage: Pick<Storage, 'setItem'> | null, refresh: LastRefresh, reload = reloadPage): void {
  try {
    storage?.setItem(BUILD_REFRESH_KEY, JSON.stringify(refresh));
  } catch {
    // Storage disabled: the guard cannot see this refresh; the shopper still gets the new build.
  }
  reload();
}

function isWishlistItem(value: unknown): value is WishlistItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.slug === 'string' && typeof v.name === 'string';
}

/** What the checkout hands over when the shopper leaves for the payment provider. */
export interface PaymentRedirect {
  paymentUrl: string | null;
  /** The signed card form (getPayFortSignature): posted to its gateway when there is one. */
  payFort: { params: unknown; gatewayUrl?: string | null } | null;
}

/**
 * Leaves for the payment page: the signed card form is posted to its gateway (as the provider
 * expects a browser to), anything else is a plain navigation to the order's paymentUrl.
 */
export function redirectToPayment({ paymentUrl, payFort }: PaymentRedirect, doc: Document = document): void {
  const params = payFort?.params;
  if (payFort?.gatewayUrl && params && typeof params === 'object') {
    const form = doc.createElement('form');
    form.method = 'post';
    form.action = payFort.gatewayUrl;
    for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
      if (value === null || value === undefined) continue;
      const input = doc.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(value);
      form.appendChild(input);
    }
    doc.body.appendChild(form);
    form.submit();
    return;
  }
  if (paymentUrl) doc.defaultView?.location.assign(paymentUrl);
}
