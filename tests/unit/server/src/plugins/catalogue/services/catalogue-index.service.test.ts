// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { LanguageCode } from '@vendure/common/lib/generated-types';
import type { EventBus, ProcessContext, TransactionalConnection, Translated } from '@vendure/core';
import { Product, ProductTranslation, translateEntity } from '@vendure/core';

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

describe('CatalogueIndexService.cardsOf', () => {
  /** A product as the index reads it: columns, custom fields, both translations, featured asset. */
  function withEntity(id: string, en: string, ar: string): IndexedProduct {
    const translation = (languageCode: LanguageCode, name: string, subTitle: string) =>
      new ProductTranslation({
        languageCode,
        name,
        slug: `${id}-${languageCode}`,
        description: '',
        customFields: { subTitle } as ProductTranslation['customFields'],
      });
    const entity = new Product({
      id,
      customFields: { viewCount: 0, newArrival: false },
      featuredAsset: null,
      translations: [translation(LanguageCode.en, en, `${en} (sub)`), translation(LanguageCode.ar, ar, `${ar} (فرعي)`)],
    });
    return { ...product(id, en, ar), entity };
  }
  type Fields = { subTitle?: string; viewCount?: number };
  const fieldsOf = (card: Translated<Product> | undefined) => card?.customFields as Fields;
  const translate = (lang: LanguageCode) => (entity: Product) => translateEntity(entity, [lang, LanguageCode.en]) as Translated<Product>;

  it('answers each language its own name and translatable custom fields, in the order asked, undefined for unknown ids', () => {
    const { service } = indexOf([withEntity('1', 'Lamp', 'مصباح'), withEntity('2', 'Mirror', 'مرآة')]);
    const ar = service.cardsOf(['2', '9', '1'], 'ar', translate(LanguageCode.ar));
    const en = service.cardsOf(['1'], 'en', translate(LanguageCode.en));
    expect(ar.map((c) => c?.name)).toEqual(['مرآة', undefined, 'مصباح']);
    expect(en[0]?.name).toBe('Lamp');
    // Vendure's translateEntity writes into the customFields object it shares with its source:
    // the Arabic card must keep its own subtitle after the English one was made, and the reverse
    expect(fieldsOf(service.cardsOf(['1'], 'ar', translate(LanguageCode.ar))[0]).subTitle).toBe('مصباح (فرعي)');
    expect(fieldsOf(en[0]).subTitle).toBe('Lamp (sub)');
    expect(en[0]).toBeInstanceOf(Product); // core's Product resolvers (description, assets ...) work on it
  });

  it('translates once per language, hands out copies, and translates again after a reload', async () => {
    const { service, reload } = indexOf([withEntity('1', 'Lamp', 'مصباح')], new Map([['1', withEntity('1', 'Desk lamp', 'مصباح مكتب')]]));
    let translations = 0;
    const counting = (entity: Product) => (translations++, translate(LanguageCode.en)(entity));
    const [a] = service.cardsOf(['1'], 'en', counting);
    const [b] = service.cardsOf(['1'], 'en', counting);
    expect(translations).toBe(1);
    expect(a).not.toBe(b);
    fieldsOf(a).subTitle = 'changed by one request';
    expect(fieldsOf(b).subTitle).toBe('Lamp (sub)');
    expect(fieldsOf(service.cardsOf(['1'], 'en', counting)[0]).subTitle).toBe('Lamp (sub)');
    await reload('1');
    expect(service.cardsOf(['1'], 'en', counting)[0]?.name).toBe('Desk lamp');
    expect(translations).toBe(2);
  });

  it('counts a view in the cards as well', () => {
    const { service } = indexOf([withEntity('1', 'Lamp', 'مصباح')]);
    expect(fieldsOf(service.cardsOf(['1'], 'en', translate(LanguageCode.en))[0]).viewCount).toBe(0);
    service.recordView('1');
    expect(fieldsOf(service.cardsOf(['1'], 'en', translate(LanguageCode.en))[0]).viewCount).toBe(1);
  });

  it('keeps a view counted while a reload was reading the product (the read saw the row before the view)', async () => {
    const stale = withEntity('1', 'Lamp', 'مصباح'); // as read before the view's UPDATE: 0 views
    const { service, reload } = indexOf([withEntity('1', 'Lamp', 'مصباح')], new Map([['1', stale]]));
    service.recordView('1');
    service.recordView('1');
    await reload('1');
    expect(fieldsOf(service.cardsOf(['1'], 'en', translate(LanguageCode.en))[0]).viewCount).toBe(2);
    expect((service as unknown as { products: Map<string, IndexedProduct> }).products.get('1')?.viewCount).toBe(2); // MOST_WATCHED sorts on it
  });
});
