// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { EventBus, ProcessContext, TransactionalConnection } from '@vendure/core';

import {
  CatalogueIndexService,
  type IndexedProduct,
} from '../../../../../../../server/src/plugins/catalogue/services/catalogue-index.service';
import { normaliseSearchText } from '../../../../../../../server/src/plugins/catalogue/services/normalise-search-text';

function product(id: string, ...names: string[]): IndexedProduct {
  return {
    id,
    numericId: Number(id),
    channelIds: new Set(['1']),
    createdAt: 0,
    viewCount: 0,
    newArrival: false,
    facetValueIds: new Set(),
    searchText: names.map(normaliseSearchText).join(' | '),
    variants: [],
  };
}

/** An index holding `products`, whose reloads read `fresh` instead of the database. */
function indexOf(products: IndexedProduct[], fresh: Map<string, IndexedProduct | undefined> = new Map()) {
  const service = new CatalogueIndexService({} as TransactionalConnection, {} as EventBus, { isServer: false } as ProcessContext);
  const internals = service as unknown as {
    products: Map<string, IndexedProduct>;
    ready: Promise<void>;
    read: (ids: string[]) => Promise<IndexedProduct[]>;
    load: (ids: string[]) => Promise<void>;
  };
  internals.products = new Map(products.map((p) => [p.id, p]));
  internals.ready = Promise.resolve();
  internals.read = async (ids) => ids.map((id) => fresh.get(id)).filter((p): p is IndexedProduct => !!p);
  /** Replaces these products as an event's reload does. */
  const reload = (...ids: string[]) => internals.load(ids);
  return { service, reload };
}

/** What a term search finds: the candidates that really contain the term. */
function found(service: CatalogueIndexService, term: string): string[] | undefined {
  const folded = normaliseSearchText(term);
  return service
    .productsWithText(folded)
    ?.filter((p) => p.searchText.includes(folded))
    .map((p) => p.id)
    .sort();
}

describe('CatalogueIndexService term index', () => {
  const catalogue = () => [
    product('1', 'حذاء جري خفيف', 'Light running shoes'),
    product('2', 'مرآة زخرفية', 'Decorative mirror'),
    product('3', 'الحذاء الرياضي', 'Sports shoes'),
  ];

  it('finds every product whose folded text contains the term, in both languages, Arabic spelled loosely', () => {
    const { service } = indexOf(catalogue());
    expect(found(service, 'shoes')).toEqual(['1', '3']);
    expect(found(service, 'حذاء')).toEqual(['1', '3']); // inside "الحذاء" too
    expect(found(service, 'مراه')).toEqual(['2']); // آ → ا, ة → ه
    expect(found(service, 'ning sh')).toEqual(['1']); // across words
  });

  it('offers no candidate when a trigram of the term is nowhere, and every product for a term under 3 characters', () => {
    const { service } = indexOf(catalogue());
    expect(service.productsWithText(normaliseSearchText('shoez'))).toEqual([]);
    expect(service.productsWithText('sh')).toBeUndefined();
  });

  it('follows a renamed, a removed and an added product after it was built', async () => {
    const renamed = product('2', 'حذاء مطر', 'Rain boots');
    const added = product('4', 'Trail shoes');
    const { service, reload } = indexOf(
      catalogue(),
      new Map([
        ['2', renamed],
        ['3', undefined],
        ['4', added],
      ]),
    );
    expect(found(service, 'mirror')).toEqual(['2']); // builds the term index
    await reload('2', '3', '4');
    expect(found(service, 'mirror')).toEqual([]);
    expect(found(service, 'rain boots')).toEqual(['2']);
    expect(found(service, 'shoes')).toEqual(['1', '4']);
    expect(found(service, 'حذاء')).toEqual(['1', '2']);
  });
});

describe('CatalogueIndexService.derive', () => {
  it('computes a value once for concurrent and later callers', async () => {
    const { service } = indexOf([product('1', 'a')]);
    let computed = 0;
    const compute = async () => ++computed;
    const answers = await Promise.all([service.derive('k', compute), service.derive('k', compute)]);
    expect(answers).toEqual([1, 1]);
    expect(await service.derive('k', compute)).toBe(1);
    expect(await service.derive('other', compute)).toBe(2);
  });

  it('computes again after a product changed', async () => {
    const { service, reload } = indexOf([product('1', 'a')], new Map([['1', product('1', 'b')]]));
    let computed = 0;
    const compute = () => ++computed;
    expect(await service.derive('k', compute)).toBe(1);
    await reload('1');
    expect(await service.derive('k', compute)).toBe(2);
    expect(await service.derive('k', compute)).toBe(2);
  });

  it('does not keep a value whose computation overlapped a change', async () => {
    const { service, reload } = indexOf([product('1', 'a')], new Map([['1', product('1', 'b')]]));
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = service.derive('k', async () => {
      await gate;
      return ++computed;
    });
    await reload('1');
    release();
    expect(await first).toBe(1);
    expect(await service.derive('k', () => ++computed)).toBe(2);
  });
});
