import { Injectable } from '@nestjs/common';
import { FacetValue, ID, Product, RequestContext, TransactionalConnection, Translated, TranslatorService } from '@vendure/core';

import { FACET_BRAND, FACET_CATEGORY, FACET_COLOR, FACET_SUB_CATEGORY } from '../constants';

import { CatalogueIndexService } from './catalogue-index.service';
import { ProductQueryService } from './product-query.service';
import { RequestLoader } from './request-loader';

export interface FacetValueQuery {
  facetCodes?: string[];
  codes?: string[];
  ids?: ID[];
  /** Matches customFields.colorCode case-insensitively. */
  colorCodes?: string[];
  parentCode?: string;
  showOnHome?: boolean;
}

export interface ProductTaxonomy {
  category?: Translated<FacetValue>;
  subCategory?: Translated<FacetValue>;
  brand?: Translated<FacetValue>;
}

type FacetValueWithFacet = FacetValue & { facet: { code: string } };

/**
 * Facet values by facet code (category, sub-category, brand, color), ordered by
 * customFields.sortOrder, in the channel and never from a private facet; plus per-request
 * batched lookups used by the computed fields on Product and FacetValue.
 */
@Injectable()
export class FacetLookupService {
  private readonly taxonomyLoader = new RequestLoader<ProductTaxonomy>(
    (ctx, productIds) => this.batchTaxonomy(ctx, productIds),
    () => ({}),
  );
  private readonly subCategoryLoader = new RequestLoader<Array<Translated<FacetValue>>>(
    (ctx, parentCodes) => this.batchSubCategories(ctx, parentCodes),
    () => [],
  );
  private readonly countLoader = new RequestLoader<number>(
    (ctx, ids) => this.productQuery.countByFacetValueIds(ctx, ids),
    () => 0,
  );

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly translator: TranslatorService,
    private readonly productQuery: ProductQueryService,
    private readonly index: CatalogueIndexService,
  ) {}

  /** Answers of `find` per request: a filter bar resolves the same codes for each of its filters. */
  private readonly found = new WeakMap<RequestContext, Map<string, Promise<Array<Translated<FacetValue>>>>>();

  async find(ctx: RequestContext, q: FacetValueQuery): Promise<Array<Translated<FacetValue>>> {
    for (const list of [q.facetCodes, q.codes, q.ids, q.colorCodes]) {
      if (list && !list.length) return [];
    }
    let memo = this.found.get(ctx);
    if (!memo) this.found.set(ctx, (memo = new Map()));
    const key = JSON.stringify([q.facetCodes, q.codes, q.ids?.map(String), q.colorCodes, q.parentCode, q.showOnHome]);
    let answer = memo.get(key);
    if (!answer) {
      answer = this.query(ctx, q);
      memo.set(key, answer);
      answer.catch(() => memo.delete(key));
    }
    return [...(await answer)]; // callers may sort their copy
  }

  private async query(ctx: RequestContext, q: FacetValueQuery): Promise<Array<Translated<FacetValue>>> {
    const ref = (alias: string, entity: any, path: string) => this.productQuery.ref(alias, entity, path);
    const qb = this.connection
      .getRepository(ctx, FacetValue)
      .createQueryBuilder('fv')
      .innerJoinAndSelect('fv.facet', 'facet')
      .leftJoinAndSelect('fv.translations', 'fvt')
      .leftJoinAndSelect('facet.translations', 'ft')
      .innerJoin('fv.channels', 'fvch', `${ref('fvch', 'Channel', 'id')} = :channelId`, { channelId: ctx.channelId })
      .where(`${ref('facet', 'Facet', 'isPrivate')} = :no`, { no: false });
    if (q.facetCodes) qb.andWhere(`${ref('facet', 'Facet', 'code')} IN (:...facetCodes)`, { facetCodes: q.facetCodes });
    if (q.codes) qb.andWhere(`${ref('fv', FacetValue, 'code')} IN (:...codes)`, { codes: q.codes });
    if (q.ids) qb.andWhere(`${ref('fv', FacetValue, 'id')} IN (:...ids)`, { ids: q.ids });
    if (q.colorCodes) {
      qb.andWhere(`LOWER(${ref('fv', FacetValue, 'customFields.colorCode')}) IN (:...colorCodes)`, {
        colorCodes: q.colorCodes.map((c) => c.toLowerCase()),
      });
    }
    if (q.parentCode !== undefined) {
      qb.andWhere(`${ref('fv', FacetValue, 'customFields.parentCode')} = :parentCode`, { parentCode: q.parentCode });
    }
    if (q.showOnHome !== undefined) {
      qb.andWhere(`${ref('fv', FacetValue, 'customFields.showOnHome')} = :showOnHome`, { showOnHome: q.showOnHome });
    }
    const values = await qb.getMany();
    return values.sort(compareFacetValues).map((fv) => this.translator.translate(fv, ctx, ['facet']) as Translated<FacetValue>);
  }

  /** A value by code; when `facetCode` is not given, category wins over sub-category over brand. */
  async findByCode(ctx: RequestContext, code: string, facetCode?: string): Promise<Translated<FacetValue> | undefined> {
    const values = await this.find(ctx, { codes: [code], facetCodes: facetCode ? [facetCode] : undefined });
    return values[0]; // find() sorts category, sub-category, brand, colour
  }

  taxonomyOf(ctx: RequestContext, product: Product): Promise<ProductTaxonomy> {
    const loaded = product.facetValues as FacetValueWithFacet[] | undefined;
    if (loaded && loaded.every((fv) => fv.facet?.code !== undefined)) {
      return Promise.resolve(pickTaxonomy(loaded as Array<Translated<FacetValue>>));
    }
    return this.taxonomyLoader.load(ctx, product.id);
  }

  subCategoriesOf(ctx: RequestContext, categoryCode: string): Promise<Array<Translated<FacetValue>>> {
    return this.subCategoryLoader.load(ctx, categoryCode);
  }

  productCount(ctx: RequestContext, facetValueId: ID): Promise<number> {
    return this.countLoader.load(ctx, facetValueId);
  }

  private async batchTaxonomy(ctx: RequestContext, productIds: string[]): Promise<Map<string, ProductTaxonomy>> {
    // the listing index holds every listable product's facet values (kept up to date by the
    // product and facet events): only products it does not hold are read from the database
    const { products, facetCodeOf } = await this.index.snapshot(ctx);
    const taxonomyCodes = new Set([FACET_CATEGORY, FACET_SUB_CATEGORY, FACET_BRAND]);
    const rows: Array<{ productId: ID; facetValueId: ID }> = [];
    const unindexed: string[] = [];
    for (const id of productIds) {
      const p = products.get(id);
      if (!p) {
        unindexed.push(id);
        continue;
      }
      for (const fid of p.facetValueIds) {
        if (taxonomyCodes.has(facetCodeOf.get(fid) ?? '')) rows.push({ productId: id, facetValueId: fid });
      }
    }
    if (unindexed.length) rows.push(...(await this.taxonomyRows(ctx, unindexed)));
    const values = await this.find(ctx, { ids: [...new Set(rows.map((r) => String(r.facetValueId)))] });
    const byId = new Map(values.map((v) => [String(v.id), v]));
    const grouped = new Map<string, Array<Translated<FacetValue>>>();
    for (const r of rows) {
      const fv = byId.get(String(r.facetValueId));
      if (!fv) continue;
      const key = String(r.productId);
      grouped.set(key, [...(grouped.get(key) ?? []), fv]);
    }
    return new Map([...grouped].map(([id, fvs]) => [id, pickTaxonomy(fvs)]));
  }

  private async taxonomyRows(ctx: RequestContext, productIds: string[]): Promise<Array<{ productId: ID; facetValueId: ID }>> {
    const ref = (alias: string, entity: any, path: string) => this.productQuery.ref(alias, entity, path);
    return this.connection
      .getRepository(ctx, Product)
      .createQueryBuilder('p')
      .innerJoin('p.facetValues', 'pfv')
      .innerJoin('pfv.facet', 'pf', `${ref('pf', 'Facet', 'code')} IN (:...codes)`, {
        codes: [FACET_CATEGORY, FACET_SUB_CATEGORY, FACET_BRAND],
      })
      .select(ref('p', Product, 'id'), 'productId')
      .addSelect(ref('pfv', FacetValue, 'id'), 'facetValueId')
      .where(`${ref('p', Product, 'id')} IN (:...productIds)`, { productIds })
      .getRawMany();
  }

  private async batchSubCategories(ctx: RequestContext, parentCodes: string[]) {
    const all = await this.find(ctx, { facetCodes: [FACET_SUB_CATEGORY] });
    const result = new Map<string, Array<Translated<FacetValue>>>();
    for (const code of parentCodes) {
      result.set(
        code,
        all.filter((fv) => (fv.customFields as any)?.parentCode === code),
      );
    }
    return result;
  }
}

function sortOrderOf(fv: FacetValue): number {
  return Number((fv.customFields as any)?.sortOrder ?? 0);
}

const FACET_RANK = [FACET_CATEGORY, FACET_SUB_CATEGORY, FACET_BRAND, FACET_COLOR];
function facetRank(fv: FacetValue): number {
  const i = FACET_RANK.indexOf(fv.facet?.code);
  return i === -1 ? FACET_RANK.length : i;
}

/** Categories, then sub-categories, brands, colours; inside a facet by sortOrder, then id. */
export function compareFacetValues(a: FacetValue, b: FacetValue): number {
  return (
    facetRank(a) - facetRank(b) ||
    sortOrderOf(a) - sortOrderOf(b) ||
    Number(a.id) - Number(b.id) ||
    String(a.id).localeCompare(String(b.id))
  );
}

/** First category by sortOrder; the sub-category under that category when there is one. */
function pickTaxonomy(values: Array<Translated<FacetValue>>): ProductTaxonomy {
  const of = (code: string) => values.filter((fv) => fv.facet?.code === code).sort(compareFacetValues);
  const category = of(FACET_CATEGORY)[0];
  const subs = of(FACET_SUB_CATEGORY);
  const subCategory = (category && subs.find((s) => (s.customFields as any)?.parentCode === category.code)) ?? subs[0];
  return { category, subCategory, brand: of(FACET_BRAND)[0] };
}
