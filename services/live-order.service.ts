import { createClient } from 'graphql-ws';

// The backend's live order socket (server/src/plugins/live-orders): graphql-ws at
// <Shop API>/ws, authenticated by the session token in connectionParams.authToken. It is not
// part of the Shop API schema, so this document is a plain string, not a typed `graphql()` one.

/** Mirrors the backend's `OrderStateUpdate { orderCode state paymentState }`. */
export interface OrderStateUpdate {
  orderCode: string;
  state: string;
  /** The newest payment's state (Pending, Authorized, Settled, Declined, Cancelled, Error) or null. */
  paymentState: string | null;
}

export const orderStateChangedSubscription = `
  subscription orderStateChanged($orderCode: String!) {
    orderStateChanged(orderCode: $orderCode) { orderCode state paymentState }
  }
`;

/**
 * The socket's URL from the Shop API endpoint: http(s) → ws(s), `/shop-api` → `/shop-api/ws`.
 * A relative endpoint (the browser's `/shop-api`) needs the page's origin as `base`.
 */
export function liveOrdersUrl(shopApiEndpoint: string, base?: string): string {
  const url = new URL(shopApiEndpoint, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** Why the watch ended: a close code (4403: no valid session) or a GraphQL code (FORBIDDEN). */
export class LiveOrderError extends Error {
  override readonly name = 'LiveOrderError';
  readonly code: string | number | null;

  constructor(message: string, code: string | number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

type GraphQLErrorLike = { message?: unknown; extensions?: { code?: unknown } };

function toLiveOrderError(error: unknown): LiveOrderError {
  if (error instanceof LiveOrderError) return error;
  if (Array.isArray(error)) {
    const first = error[0] as GraphQLErrorLike | undefined;
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
    return new LiveOrderError(typeof first?.message === 'string' ? first.message : 'GraphQL error', code, { cause: error });
  }
  // graphql-ws reports a closed socket with the CloseEvent itself.
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number') {
    const reason = 'reason' in error && typeof error.reason === 'string' && error.reason ? error.reason : 'Socket closed';
    return new LiveOrderError(reason, error.code, { cause: error });
  }
  // An unreachable socket: an Error, or the socket's error event (no close code yet).
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return new LiveOrderError(error.message, null, { cause: error });
  }
  return new LiveOrderError('Live order socket failed', null, { cause: error });
}

export interface SubscribeOrderStateOptions {
  /** ws(s) URL of the socket: see liveOrdersUrl. */
  url: string;
  /** The session's bearer token; without one the backend refuses the connection (4403). */
  token: string | null;
  orderCode: string;
  /** A WebSocket class where there is no global one (Node: the `ws` package). */
  webSocketImpl?: unknown;
}

export interface OrderStateObserver {
  next(update: OrderStateUpdate): void;
  /** Once, with a LiveOrderError; nothing follows it. */
  error(error: LiveOrderError): void;
  /** The server ended the stream without an error. */
  complete(): void;
}

/**
 * Follows one order's state: the first update is its current state, then every change. Connects
 * when called and closes the socket on unsubscribe. No reconnects: a failed socket is reported
 * once, and the checkout falls back to polling (getOrderState) instead.
 */
export function subscribeOrderState(options: SubscribeOrderStateOptions, observer: OrderStateObserver): () => void {
  const client = createClient({
    url: options.url,
    webSocketImpl: options.webSocketImpl,
    connectionParams: options.token ? { authToken: options.token } : {},
    lazy: true,
    retryAttempts: 0,
  });
  let ended = false;
  const end = () => {
    ended = true;
    void client.dispose();
  };
  const fail = (error: unknown) => {
    if (ended) return;
    end();
    observer.error(toLiveOrderError(error));
  };

  const unsubscribe = client.subscribe<{ orderStateChanged: OrderStateUpdate }>(
    { query: orderStateChangedSubscription, operationName: 'orderStateChanged', variables: { orderCode: options.orderCode } },
    {
      next: (result) => {
        if (ended) return;
        // A refused subscription arrives as a result with errors, then a completion.
        if (result.errors?.length) return fail(result.errors);
        if (result.data) observer.next(result.data.orderStateChanged);
      },
      error: fail,
      complete: () => {
        if (ended) return;
        end();
        observer.complete();
      },
    },
  );

  return () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    void client.dispose();
  };
}
