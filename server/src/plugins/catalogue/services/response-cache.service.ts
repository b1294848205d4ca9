import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  AccountRegistrationEvent,
  AccountVerifiedEvent,
  AttemptedLoginEvent,
  ChangeChannelEvent,
  ConfigService,
  Customer,
  CustomerAddressEvent,
  CustomerEvent,
  EventBus,
  HistoryEntryEvent,
  Logger,
  IdentifierChangeEvent,
  IdentifierChangeRequestEvent,
  LoginEvent,
  LogoutEvent,
  Order,
  OrderEvent,
  OrderLineEvent,
  OrderPlacedEvent,
  OrderStateTransitionEvent,
  PasswordResetEvent,
  PasswordResetVerifiedEvent,
  PaymentStateTransitionEvent,
  ProductVariant,
  ProductVariantService,
  SearchEvent,
  StockMovementEvent,
  TransactionalConnection,
  VendureEvent,
} from '@vendure/core';
import { EmailSendEvent } from '@vendure/email-plugin';
import { DocumentNode, Kind, parse } from 'graphql';
import { Subscription } from 'rxjs';

import { AccountRateLimitedEvent } from '../../common';

import { CatalogueIndexService, SYNC_INTERVAL_MS } from './catalogue-index.service';

/**
 * Top-level Shop API fields whose whole answers may be kept (decision 019, addendum of session
 * 12): the catalogue's listings, search, filter bar and product page, and the facet reads every
 * listing page and the header make (categories, a category by its code, sub-categories, brands;
 * session 14: 6-7 ms of Vendure each, 18 ms of a fresh category render) and the product page's
 * related rows (16-21 ms of a fresh product render). Each answers from the
 * listing index, the catalogue tables and stock levels only, never from the clock beyond a sale
 * window (see `TTL_MS`) and, for an anonymous request, never from a customer.
 */
export const CACHEABLE_FIELDS = new Set([
  'searchProducts',
  'productByFacetValue',
  'productByFilter',
  'filterBarProducts',
  'product',
  'headerFacets',
  'facetValueByCode',
  'facetSubCategories',
  'brands',
  // the product page's related rows: "most watched" follows view counts, which change with every
  // counted view and drop nothing, so that row may be up to TTL_MS behind them (a ranking, not a
  // count; the MOST_WATCHED sort asked for by name stays uncacheable, see UNCACHEABLE_WORDS)
  'relatedOfSingleProduct',
]);

/**
 * Words that make a request uncacheable wherever they appear (query or variables): view counts
 * change with every counted view and bump nothing (the "most watched" sort, the viewCount field).
 */
const UNCACHEABLE_WORDS = ['MOST_WATCHED', 'viewCount'];

/**
 * How long a kept answer may be served at most, whatever happened: the index's own bound for
 * changes made by another process (its sync interval), and for a sale window opening or closing.
 */
export const TTL_MS = SYNC_INTERVAL_MS;
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_QUERIES = 1_000;

/**
 * Events that change nothing a cacheable answer shows: sign-ins, searches, carts and orders
 * (stock that an order takes or gives back comes as a StockMovementEvent, see `onStockMovement`;
 * a new order's or customer's channel assignment, see isOrderChannelChange), customers (a guest's
 * checkout creates one) and their own data, mails sent. Every other event of Vendure or of this
 * project (product, variant, price, facet, collection, asset, tax, channel, global settings ...)
 * drops every kept answer.
 */
const IGNORED_EVENTS: Array<new (...args: any[]) => VendureEvent> = [
  AccountRateLimitedEvent,
  AccountRegistrationEvent,
  AccountVerifiedEvent,
  AttemptedLoginEvent,
  CustomerAddressEvent,
  CustomerEvent,
  EmailSendEvent,
  HistoryEntryEvent,
  IdentifierChangeEvent,
  IdentifierChangeRequestEvent,
  LoginEvent,
  LogoutEvent,
  OrderEvent,
  OrderLineEvent,
  OrderPlacedEvent,
  OrderStateTransitionEvent,
  PasswordResetEvent,
  PasswordResetVerifiedEvent,
  PaymentStateTransitionEvent,
  SearchEvent,
];

/**
 * Every new order, and the customer a guest checkout creates, is assigned to its channel (a
 * ChangeChannelEvent): nothing a kept answer shows.
 */
function isOrderChannelChange(event: VendureEvent): boolean {
  if (!(event instanceof ChangeChannelEvent)) return false;
  const type = event.entityType ?? event.entity?.constructor;
  return type === Order || type === Customer;
}

export interface CachedResponse {
  generation: string;
  expires: number;
  status: number;
  headers: Array<[string, string | string[]]>;
  body: Buffer;
}

/**
 * Whether a query document may be answered from kept answers: one query operation whose
 * top-level fields are all in CACHEABLE_FIELDS (aliases allowed; no fragment spreads at the top)
 * and none of UNCACHEABLE_WORDS.
 */
export function isCacheableDocument(query: string): boolean {
  if (UNCACHEABLE_WORDS.some((w) => query.includes(w))) return false;
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return false;
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return false;
  const [op] = operations;
  if (op.kind !== Kind.OPERATION_DEFINITION || op.operation !== 'query') return false;
  return (
    op.selectionSet.selections.length > 0 &&
    op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CACHEABLE_FIELDS.has(s.name.value))
  );
}

/**
 * Whether a Shop API request body may be answered from kept answers: a single request (no batch)
 * without persisted-query extensions, a cacheable document (`isDocumentOk`, isCacheableDocument
 * by default) and none of UNCACHEABLE_WORDS in its variables.
 */
export function isCacheableBody(body: unknown, isDocumentOk: (query: string) => boolean = isCacheableDocument): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { query, extensions, variables } = body as { query?: unknown; extensions?: unknown; variables?: unknown };
  if (typeof query !== 'string' || extensions != null) return false;
  if (variables != null) {
    const text = JSON.stringify(variables);
    if (UNCACHEABLE_WORDS.some((w) => text.includes(w))) return false;
  }
  return isDocumentOk(query);
}

/**
 * Whole answers of the catalogue's Shop API queries for anonymous requests, kept per index
 * version (decision 019, addendum of session 12). An answer is reused for the same request
 * (URL with its language and currency, channel token, host, body) while:
 * - the listing index is at the version it was computed at and idle (no reload queued);
 * - no other Vendure event (but those of IGNORED_EVENTS) happened in this process since: a
 *   stock movement, a price, a rename, a tax rate or a review change drops every kept answer;
 * - it is younger than TTL_MS (changes made by another process, sale windows).
 * Requests that ask the same thing while it is being computed wait for that answer instead of
 * computing it again. `CATALOGUE_RESPONSE_CACHE=off` turns it off (cold figures, comparisons).
 */
@Injectable()
export class ResponseCacheService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly enabled = process.env.CATALOGUE_RESPONSE_CACHE !== 'off';
  private counter = 0;
  private entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private inflight = new Map<string, Promise<CachedResponse | undefined>>();
  private cacheableQueries = new Map<string, boolean>();
  private subscription: Subscription | undefined;
  /**
   * The stock each variant showed at its last stock movement since the last full drop
   * (`stockLevel` by the StockDisplayStrategy, and `inStock`), e.g. "IN_STOCK|true".
   */
  private shownStock = new Map<string, string>();
  /** Stock movements are looked at one after another, in the order they were published. */
  private stockChecks: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventBus: EventBus,
    private readonly index: CatalogueIndexService,
    private readonly connection: TransactionalConnection,
    private readonly variants: ProductVariantService,
    private readonly config: ConfigService,
  ) {}

  onApplicationBootstrap() {
    this.subscription = this.eventBus
      .filter((event) => !IGNORED_EVENTS.some((type) => event instanceof type) && !isOrderChannelChange(event))
      .subscribe((event) => {
        if (event instanceof StockMovementEvent) {
          this.stockChecks = this.stockChecks.then(() => this.onStockMovement(event));
        } else {
          this.invalidate();
        }
      });
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
  }

  /** Settles when the stock movements published so far have been looked at (onStockMovement). */
  stockChecked(): Promise<unknown> {
    return this.stockChecks;
  }

  /** Drops every kept answer (also for changes Vendure publishes no event for, e.g. reviews). */
  invalidate() {
    this.counter += 1;
    this.entries.clear();
    this.bytes = 0;
    this.shownStock.clear();
  }

  /**
   * Every order takes stock (an allocation), and a shop selling several orders a second would
   * otherwise drop every kept answer several times a second (session 14: under
   * `bench:shoppers` no search was ever answered from a kept answer). What a kept answer shows of
   * stock is only each variant's `stockLevel` (IN_STOCK, LOW_STOCK, OUT_OF_STOCK) and `inStock`,
   * and the price summary's, which follows `inStock`. So a movement drops them only when one of
   * its variants now shows other stock than at its previous movement, or when that is not known
   * (its first movement since the last drop, or the check failed). A full drop forgets what was
   * shown: whatever else changed stock (an admin edit also publishes a ProductVariantEvent)
   * has dropped the answers showing the old state.
   */
  async onStockMovement(event: StockMovementEvent): Promise<void> {
    try {
      const ids = [
        ...new Set(event.stockMovements.map((m) => m.productVariant?.id ?? (m as { productVariantId?: string }).productVariantId)),
      ];
      if (!ids.length || ids.some((id) => id == null)) return this.invalidate();
      const shown = new Map<string, string>();
      for (const id of ids) {
        const variant = await this.connection.rawConnection.getRepository(ProductVariant).findOne({ where: { id: id! } });
        if (!variant) return this.invalidate();
        const saleable = await this.variants.getSaleableStockLevel(event.ctx, variant);
        // what getDisplayStockLevel answers, from the saleable level read once
        const level = await this.config.catalogOptions.stockDisplayStrategy.getStockLevel(event.ctx, variant, saleable);
        shown.set(`${event.ctx.channelId}:${String(id)}`, `${level}|${saleable > 0}`);
      }
      const changed = [...shown].some(([key, state]) => this.shownStock.get(key) !== state);
      if (changed) this.invalidate();
      for (const [key, state] of shown) this.shownStock.set(key, state);
    } catch (e) {
      Logger.warn(`stock movement not looked at (every kept answer dropped): ${(e as Error).message}`, 'CataloguePlugin');
      this.invalidate();
    }
  }

  /** The current generation, or undefined while the index is not idle (nothing may be kept then). */
  generation(): string | undefined {
    const { version, idle } = this.index.state();
    return idle ? `${version}:${this.counter}` : undefined;
  }

  /** isCacheableBody, the document's part remembered per query text. */
  cacheable(body: unknown): boolean {
    return isCacheableBody(body, (query) => {
      let ok = this.cacheableQueries.get(query);
      if (ok === undefined) {
        ok = isCacheableDocument(query);
        if (this.cacheableQueries.size >= MAX_QUERIES) this.cacheableQueries.clear();
        this.cacheableQueries.set(query, ok);
      }
      return ok;
    });
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation() || entry.expires <= Date.now()) {
      this.drop(key, entry);
      return undefined;
    }
    this.entries.delete(key); // most recently used last
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps the answer unless something changed while it was computed; says whether it was kept. */
  set(key: string, entry: CachedResponse): boolean {
    if (entry.generation !== this.generation()) return false;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.drop(oldestKey, oldest);
    }
    return this.entries.get(key) === entry;
  }

  /** The answer being computed for this key, if any. */
  pending(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.inflight.get(key);
  }

  /** Marks the key as being computed; call the returned function with the answer (or undefined). */
  begin(key: string): (entry: CachedResponse | undefined) => void {
    let settle!: (entry: CachedResponse | undefined) => void;
    const promise = new Promise<CachedResponse | undefined>((resolve) => (settle = resolve));
    this.inflight.set(key, promise);
    return (entry) => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
      settle(entry);
    };
  }

  private drop(key: string, entry: CachedResponse) {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
