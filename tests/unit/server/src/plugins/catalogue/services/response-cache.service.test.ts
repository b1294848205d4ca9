// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { Subject } from 'rxjs';
import type { ConfigService, EventBus, ProductVariantService, TransactionalConnection, VendureEvent } from '@vendure/core';
import {
  ChangeChannelEvent,
  Customer,
  DefaultStockDisplayStrategy,
  CustomerEvent,
  LoginEvent,
  Order,
  Product,
  ProductEvent,
  SearchEvent,
  StockMovementEvent,
} from '@vendure/core';
import { EmailSendEvent } from '@vendure/email-plugin';

import type { CatalogueIndexService } from '../../../../../../../server/src/plugins/catalogue/services/catalogue-index.service';
import {
  type CachedResponse,
  isCacheableBody,
  isCacheableDocument,
  ResponseCacheService,
  TTL_MS,
} from '../../../../../../../server/src/plugins/catalogue/services/response-cache.service';

describe('isCacheableDocument / isCacheableBody', () => {
  it('accepts one query of catalogue fields, with aliases and fragments below the top', () => {
    expect(isCacheableDocument('query S($t: String!) { searchProducts(term: $t) { items { ...C } } } fragment C on Product { id }')).toBe(
      true,
    );
    expect(
      isCacheableDocument('{ a: productByFacetValue(input: {categoryCode: "x"}) { totalItems } b: filterBarProducts { minPrice } }'),
    ).toBe(true);
    expect(isCacheableDocument('{ product(slug: "x") { id } }')).toBe(true);
  });

  it('accepts the facet reads of listing pages and the header (categories, a category, sub-categories, brands)', () => {
    expect(isCacheableDocument('query GetHeaderFacets { headerFacets { id code name subCategories { id } } }')).toBe(true);
    expect(isCacheableDocument('query ($c: String!) { facetValueByCode(code: $c) { id productCount } }')).toBe(true);
    expect(isCacheableDocument('{ facetSubCategories(code: "x") { id } brands { id code name } }')).toBe(true);
    expect(isCacheableDocument('query ($id: ID!) { relatedOfSingleProduct(options: { productId: $id }) { mostWatched { id } } }')).toBe(
      true,
    );
    // but not beside anything of a customer's
    expect(isCacheableDocument('{ brands { id } activeCustomer { id } }')).toBe(false);
  });

  it('refuses mutations, other fields, top-level fragments, several operations and broken documents', () => {
    expect(isCacheableDocument('mutation { recordProductView(productId: 1) }')).toBe(false);
    expect(isCacheableDocument('{ searchProducts(term: "x") { totalItems } activeOrder { id } }')).toBe(false);
    expect(isCacheableDocument('{ activeCustomer { id } }')).toBe(false);
    expect(isCacheableDocument('{ ...Q } fragment Q on Query { product(slug: "x") { id } }')).toBe(false);
    expect(isCacheableDocument('query A { product(slug: "x") { id } } query B { product(slug: "y") { id } }')).toBe(false);
    expect(isCacheableDocument('{ product(slug: ')).toBe(false);
  });

  it('refuses view counts (they change without an event), in the document or the variables', () => {
    expect(isCacheableDocument('{ productByFilter(options: { sort: MOST_WATCHED }) { totalItems } }')).toBe(false);
    expect(isCacheableDocument('{ product(slug: "x") { customFields { viewCount } } }')).toBe(false);
    const query = 'query ($o: ProductFilterInput!) { productByFilter(options: $o) { totalItems } }';
    expect(isCacheableBody({ query, variables: { o: { sort: 'NEWEST' } } })).toBe(true);
    expect(isCacheableBody({ query, variables: { o: { sort: 'MOST_WATCHED' } } })).toBe(false);
  });

  it('refuses batches and persisted-query extensions', () => {
    const query = '{ product(slug: "x") { id } }';
    expect(isCacheableBody([{ query }])).toBe(false);
    expect(isCacheableBody({ query, extensions: { persistedQuery: { version: 1 } } })).toBe(false);
    expect(isCacheableBody({ query: 42 })).toBe(false);
  });
});

/** Saleable stock per variant id, as the fakes below answer it. */
type Stock = Map<string, number>;

function serviceWith(state: { version: number; idle: boolean }, stock: Stock = new Map(), failing = { on: false }) {
  const events = new Subject<VendureEvent>();
  const eventBus = { filter: (p: (e: VendureEvent) => boolean) => filtered(events, p) };
  const index = { state: () => state } as unknown as CatalogueIndexService;
  const connection = {
    rawConnection: {
      getRepository: () => ({
        findOne: async ({ where }: { where: { id: string } }) => {
          if (failing.on) throw new Error('database gone');
          return stock.has(where.id) ? { id: where.id } : null;
        },
      }),
    },
  } as unknown as TransactionalConnection;
  const variants = {
    getSaleableStockLevel: async (_ctx: unknown, v: { id: string }) => stock.get(v.id)!,
  } as unknown as ProductVariantService;
  // Vendure's default display: low stock at 2 or less
  const config = { catalogOptions: { stockDisplayStrategy: new DefaultStockDisplayStrategy() } } as unknown as ConfigService;
  const service = new ResponseCacheService(eventBus as unknown as EventBus, index, connection, variants, config);
  service.onApplicationBootstrap();
  /** Keeps an answer of the current generation under 'k'. */
  const keep = () => service.set('k', entry(service.generation()!));
  const kept = () => service.get('k') !== undefined;
  /** Publishes a stock movement of these variants and waits until it has been looked at. */
  const move = async (...variantIds: string[]) => {
    events.next(movement(...variantIds));
    await service.stockChecked();
  };
  return { service, events, keep, kept, move };
}

/** A StockMovementEvent of these variants (an order's allocation, as far as the cache is concerned). */
function movement(...variantIds: string[]) {
  return new StockMovementEvent({ channelId: 1 } as never, variantIds.map((id) => ({ productVariant: { id } })) as never);
}

function filtered(events: Subject<VendureEvent>, p: (e: VendureEvent) => boolean) {
  const out = new Subject<VendureEvent>();
  events.subscribe((e) => p(e) && out.next(e));
  return out;
}

function entry(generation: string, body = '{"data":{}}'): CachedResponse {
  return { generation, expires: Date.now() + TTL_MS, status: 200, headers: [], body: Buffer.from(body) };
}

describe('ResponseCacheService', () => {
  it('keeps an answer of the current generation and drops it when the index version moves', () => {
    const state = { version: 1, idle: true };
    const { service } = serviceWith(state);
    const g = service.generation()!;
    expect(service.set('k', entry(g))).toBe(true);
    expect(service.get('k')).toBeDefined();
    state.version = 2;
    expect(service.get('k')).toBeUndefined();
  });

  it('keeps nothing while the index has a reload queued or running', () => {
    const state = { version: 1, idle: true };
    const { service } = serviceWith(state);
    const g = service.generation()!;
    state.idle = false;
    expect(service.generation()).toBeUndefined();
    expect(service.set('k', entry(g))).toBe(false);
  });

  it('does not keep an answer computed across a change', async () => {
    const { service, events } = serviceWith({ version: 1, idle: true });
    const g = service.generation()!;
    events.next(new ProductEvent({} as never, {} as never, 'updated'));
    expect(service.set('k', entry(g))).toBe(false);
    const g2 = service.generation()!;
    events.next(new StockMovementEvent({} as never, []));
    await service.stockChecked();
    expect(service.set('k', entry(g2))).toBe(false);
  });

  it('drops kept answers on a stock movement only when a variant now shows other stock', async () => {
    const stock: Stock = new Map([
      ['1', 10],
      ['2', 5],
    ]);
    const { keep, kept, move } = serviceWith({ version: 1, idle: true }, stock);

    // first movement of a variant since the last drop: what it showed before is not known
    keep();
    stock.set('1', 9);
    await move('1');
    expect(kept()).toBe(false);

    // still in stock, not low: the answers show the same
    keep();
    stock.set('1', 8);
    await move('1');
    expect(kept()).toBe(true);

    // down to 2: low stock now
    stock.set('1', 2);
    await move('1');
    expect(kept()).toBe(false);

    // the last one taken: out of stock (and inStock false)
    keep();
    stock.set('1', 1);
    await move('1');
    expect(kept()).toBe(true); // 2 -> 1 is low stock either way
    stock.set('1', 0);
    await move('1');
    expect(kept()).toBe(false);

    // a movement of two variants, one of them not seen yet
    keep();
    stock.set('2', 4);
    await move('1', '2');
    expect(kept()).toBe(false);
    keep();
    stock.set('2', 3);
    await move('2', '1');
    expect(kept()).toBe(true);
  });

  it('forgets what was shown at a full drop, and drops when the check fails or names no variant', async () => {
    const stock: Stock = new Map([['1', 10]]);
    const failing = { on: false };
    const { service, events, keep, kept, move } = serviceWith({ version: 1, idle: true }, stock, failing);
    await move('1');

    // an admin edit sets the stock (ProductVariantEvent-like: a full drop), then an order moves it back
    stock.set('1', 2);
    events.next(new ProductEvent({} as never, {} as never, 'updated'));
    keep();
    stock.set('1', 10);
    await move('1');
    expect(kept()).toBe(false); // the answers kept after the edit showed low stock

    keep();
    failing.on = true;
    await move('1');
    expect(kept()).toBe(false);

    failing.on = false;
    keep();
    await move('404');
    expect(kept()).toBe(false);
    keep();
    events.next(new StockMovementEvent({} as never, []));
    await service.stockChecked();
    expect(kept()).toBe(false);
  });

  it('drops kept answers on catalogue events (product), not on sign-ins, searches or what every order publishes', () => {
    const { service, events } = serviceWith({ version: 1, idle: true });
    service.set('k', entry(service.generation()!));
    events.next(new LoginEvent({} as never, {} as never));
    events.next(new SearchEvent({} as never, {} as never));
    events.next(new ChangeChannelEvent({} as never, new Order(), [1], 'assigned', Order));
    events.next(new ChangeChannelEvent({} as never, new Customer(), [1], 'assigned')); // as assignToCurrentChannel publishes it
    events.next(new CustomerEvent({} as never, {} as never, 'created'));
    events.next(new EmailSendEvent({} as never, {} as never, true));
    expect(service.get('k')).toBeDefined();
    // a product put into a channel is another matter
    events.next(new ChangeChannelEvent({} as never, new Product(), [1], 'assigned', Product));
    expect(service.get('k')).toBeUndefined();
    service.set('k', entry(service.generation()!));
    events.next(new ProductEvent({} as never, {} as never, 'updated'));
    expect(service.get('k')).toBeUndefined();
  });

  it('serves an answer for TTL_MS at most', () => {
    const { service } = serviceWith({ version: 1, idle: true });
    service.set('k', { ...entry(service.generation()!), expires: Date.now() - 1 });
    expect(service.get('k')).toBeUndefined();
  });

  it('hands the answer being computed to the requests waiting for it', async () => {
    const { service } = serviceWith({ version: 1, idle: true });
    const done = service.begin('k');
    const waiting = service.pending('k');
    expect(waiting).toBeDefined();
    const answer = entry(service.generation()!);
    done(answer);
    expect(await waiting).toBe(answer);
    expect(service.pending('k')).toBeUndefined();
  });
});
