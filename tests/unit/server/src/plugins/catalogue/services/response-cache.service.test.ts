// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { Subject } from 'rxjs';
import type { EventBus, VendureEvent } from '@vendure/core';
import { LoginEvent, ProductEvent, SearchEvent, StockMovementEvent } from '@vendure/core';

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

function serviceWith(state: { version: number; idle: boolean }) {
  const events = new Subject<VendureEvent>();
  const eventBus = { filter: (p: (e: VendureEvent) => boolean) => filtered(events, p) };
  const index = { state: () => state } as unknown as CatalogueIndexService;
  const service = new ResponseCacheService(eventBus as unknown as EventBus, index);
  service.onApplicationBootstrap();
  return { service, events };
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

  it('does not keep an answer computed across a change', () => {
    const { service, events } = serviceWith({ version: 1, idle: true });
    const g = service.generation()!;
    events.next(new StockMovementEvent({} as never, []));
    expect(service.set('k', entry(g))).toBe(false);
  });

  it('drops kept answers on catalogue events (stock, product), not on sign-ins or searches', () => {
    const { service, events } = serviceWith({ version: 1, idle: true });
    service.set('k', entry(service.generation()!));
    events.next(new LoginEvent({} as never, {} as never));
    events.next(new SearchEvent({} as never, {} as never));
    expect(service.get('k')).toBeDefined();
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
