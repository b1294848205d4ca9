import { Injectable } from '@nestjs/common';
import {
  FacetValue,
  ID,
  Product,
  ProductOption,
  ProductVariant,
  ProductVariantService,
  RequestContext,
  TransactionalConnection,
  Translated,
  TranslatorService,
  UserInputError,
} from '@vendure/core';
import { In, IsNull } from 'typeorm';

import { FACET_BRAND, FACET_CATEGORY, FACET_COLOR, FACET_SUB_CATEGORY, LIMITS } from '../constants';

import { CatalogueIndexService } from './catalogue-index.service';
import { compareFacetValues, FacetLookupService } from './facet-lookup.service';
import { searchQueryOf } from './normalise-search-text';
import { ListingFilter, ProductQueryService, ProductSortKey } from './product-query.service';
import { ProductLoaderService } from './product-loader.service';

/** The Shop API's ProductFilterInput (docs/decisions/002-shop-api-extensions.md). */
export interface ProductFilterInput {
  categoryCode?: string | null;
  subCategoryCode?: string | null;
  brandCode?: string | null;
  facetValueCodes?: string[] | null;
  colorCodes?: string[] | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  term?: string | null;
  sort?: ProductSortKey | null;
  skip?: number | null;
  take?: number | null;
}

export interface ProductPage {
  items: Array<Translated<Product>>;
  totalItems: number;
}

export interface ColorFilter {
  code: string;
  name: string;
  colorCode: string;
}

export interface FilterBar {
  minPrice: number;
  maxPrice: number;
  maxValue: number;
  colors: ColorFilter[];
  brands: Array<Translated<FacetValue>>;
  subCategories: Array<Translated<FacetValue>>;
}

/** Slider ceiling: the highest price rounded up to whole 100 SAR (halalas). */
const SLIDER_STEP = 100 * 100;

export function clampTake(take: number | null | undefined, def: number, max: number): number {
  if (take == null) return def;
  if (!Number.isFinite(take) || take < 0) throw new UserInputError(`take must be between 0 and ${max}`);
  return Math.min(Math.floor(take), max);
}

export function clampSkip(skip: number | null | undefined): number {
  if (skip == null) return 0;
  if (!Number.isFinite(skip) || skip < 0) throw new UserInputError('skip must not be negative');
  return Math.floor(skip);
}

@Injectable()
export class ProductListingService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly productQuery: ProductQueryService,
    private readonly loader: ProductLoaderService,
    private readonly facets: FacetLookupService,
    private readonly translator: TranslatorService,
    private readonly variantService: ProductVariantService,
    private readonly index: CatalogueIndexService,
  ) {}

  async byFilter(ctx: RequestContext, input: ProductFilterInput): Promise<ProductPage> {
    const filter = await this.resolveFilter(ctx, input);
    const skip = clampSkip(input.skip);
    const take = clampTake(input.take, LIMITS.pageDefault, LIMITS.pageMax);
    if (!filter) return { items: [], totalItems: 0 };
    return this.page(ctx, filter, input.sort ?? 'NEWEST', skip, take);
  }

  async byFacetValue(ctx: RequestContext, input: ProductFilterInput): Promise<ProductPage> {
    if (!input.categoryCode && !input.subCategoryCode && !input.brandCode && !input.facetValueCodes?.length) {
      throw new UserInputError('productByFacetValue needs categoryCode, subCategoryCode, brandCode or facetValueCodes');
    }
    return this.byFilter(ctx, input);
  }

  async search(ctx: RequestContext, term: string, skip?: number | null, take?: number | null): Promise<ProductPage> {
    const query = searchQueryOf(term, LIMITS.searchTermMaxLength);
    const s = clampSkip(skip);
    const t = clampTake(take, LIMITS.searchDefault, LIMITS.searchMax);
    if (!query) return { items: [], totalItems: 0 };
    return this.page(ctx, { term: query }, 'NEWEST', s, t);
  }

  async home(ctx: RequestContext, take?: number | null) {
    const t = clampTake(take, LIMITS.sectionDefault, LIMITS.sectionMax);
    const [newArrivals, specialOffers] = await Promise.all([
      this.page(ctx, { newArrival: true }, 'NEWEST', 0, t),
      this.page(ctx, { onSaleAt: new Date() }, 'NEWEST', 0, t),
    ]);
    return { newArrivals: newArrivals.items, specialOffers: specialOffers.items };
  }

  async related(ctx: RequestContext, productId: ID, take?: number | null) {
    const t = clampTake(take, LIMITS.sectionDefault, LIMITS.sectionMax);
    const product = (await this.loader.findByIds(ctx, [productId]))[0];
    const brand = product ? (await this.facets.taxonomyOf(ctx, product)).brand : undefined;
    const exclude = [productId];
    const [sameBrand, mostWatched] = await Promise.all([
      brand
        ? this.page(ctx, { facetValueIdGroups: [[brand.id]], excludeProductIds: exclude }, 'MOST_WATCHED', 0, t)
        : Promise.resolve({ items: [], totalItems: 0 }),
      this.page(ctx, { excludeProductIds: exclude }, 'MOST_WATCHED', 0, t),
    ]);
    return { sameBrand: sameBrand.items, mostWatched: mostWatched.items };
  }

  /**
   * Price range, colours, brands and sub-categories available for a listing. They depend on the
   * listing's context (category, sub-category, brand, term), never on the shopper's chosen price
   * or colours, so the bar does not collapse while filtering; brands are computed without the
   * chosen brand and sub-categories without the chosen sub-category (faceted-search style).
   */
  async filterBar(ctx: RequestContext, input: ProductFilterInput = {}): Promise<FilterBar> {
    const context = { ...input, minPrice: null, maxPrice: null, colorCodes: null };
    const [priceFilter, brandFilter, subFilter] = await Promise.all([
      this.resolveFilter(ctx, context),
      this.resolveFilter(ctx, { ...context, brandCode: null, facetValueCodes: null }),
      this.resolveFilter(ctx, { ...context, subCategoryCode: null }),
    ]);
    const empty: FilterBar = { minPrice: 0, maxPrice: 0, maxValue: 0, colors: [], brands: [], subCategories: [] };
    if (!priceFilter) return empty;
    const [range, colors, brandIds, subIds] = await Promise.all([
      this.productQuery.priceRange(ctx, priceFilter),
      this.colors(ctx, priceFilter),
      brandFilter ? this.productQuery.facetValueIdsOfMatching(ctx, brandFilter, [FACET_BRAND]) : [],
      subFilter ? this.productQuery.facetValueIdsOfMatching(ctx, subFilter, [FACET_SUB_CATEGORY]) : [],
    ]);
    const [brands, subCategories] = await Promise.all([
      this.facets.find(ctx, { ids: brandIds, facetCodes: [FACET_BRAND] }),
      this.facets.find(ctx, { ids: subIds, facetCodes: [FACET_SUB_CATEGORY] }),
    ]);
    return {
      minPrice: range?.min ?? 0,
      maxPrice: range?.max ?? 0,
      maxValue: range ? Math.ceil(range.max / SLIDER_STEP) * SLIDER_STEP : 0,
      colors,
      brands,
      subCategories,
    };
  }

  /** Facet values marked showOnHome, each with its newest products. */
  async homeFacets(ctx: RequestContext) {
    const values = await this.facets.find(ctx, { showOnHome: true });
    return Promise.all(
      values.map(async (facetValue) => ({
        facetValue,
        products: (await this.page(ctx, { facetValueIdGroups: [[facetValue.id]] }, 'NEWEST', 0, LIMITS.sectionDefault)).items,
      })),
    );
  }

  /** The enabled variant of the product whose option set is exactly `optionIds`. */
  async variantByOptions(ctx: RequestContext, productId: ID, optionIds: ID[]): Promise<ProductVariant | undefined> {
    const wanted = new Set(optionIds.map(String));
    if (wanted.size !== optionIds.length) return undefined;
    const variants = await this.connection.getRepository(ctx, ProductVariant).find({
      where: { productId, enabled: true, deletedAt: IsNull() },
      relations: { options: true },
    });
    const match = variants.find((v) => v.options.length === wanted.size && v.options.every((o) => wanted.has(String(o.id))));
    if (!match) return undefined;
    if (!(await this.productQuery.count(ctx, { productIds: [productId] }))) return undefined;
    return this.variantService.findOne(ctx, match.id);
  }

  async page(ctx: RequestContext, filter: ListingFilter, sort: ProductSortKey, skip: number, take: number) {
    if (take === 0) {
      return { items: [], totalItems: await this.productQuery.count(ctx, filter) };
    }
    const { ids, totalItems } = await this.productQuery.findPage(ctx, filter, sort, skip, take);
    return { items: await this.cards(ctx, ids), totalItems };
  }

  /**
   * The page's products from the listing index, translated for the request, in the order of
   * `ids` (decision 019, session 11): no entity loading per request. An id the index no longer
   * holds (changed in between) is loaded as before.
   */
  private async cards(ctx: RequestContext, ids: ID[]): Promise<Array<Translated<Product>>> {
    const languageKey = `${ctx.languageCode}|${ctx.channel.defaultLanguageCode}`;
    const held = this.index.cardsOf(ids, languageKey, (entity) => this.translator.translate(entity, ctx));
    const missing = ids.filter((_, i) => !held[i]);
    if (!missing.length) return held as Array<Translated<Product>>;
    const loaded = new Map((await this.loader.findByIds(ctx, missing)).map((p) => [String(p.id), p]));
    return ids.map((id, i) => held[i] ?? loaded.get(String(id))).filter((p): p is Translated<Product> => !!p);
  }

  /**
   * Turns facet codes into facet value ids. Returns undefined when a named code does not exist
   * (the listing is then empty, not "unfiltered").
   */
  private async resolveFilter(ctx: RequestContext, input: ProductFilterInput): Promise<ListingFilter | undefined> {
    const groups: ID[][] = [];
    const single: Array<[string | null | undefined, string]> = [
      [input.categoryCode, FACET_CATEGORY],
      [input.subCategoryCode, FACET_SUB_CATEGORY],
      [input.brandCode, FACET_BRAND],
    ];
    for (const [code, facetCode] of single) {
      if (!code) continue;
      const values = await this.facets.find(ctx, { facetCodes: [facetCode], codes: [code] });
      if (!values.length) return undefined;
      groups.push(values.map((v) => v.id));
    }
    if (input.facetValueCodes?.length) {
      const values = await this.facets.find(ctx, { codes: input.facetValueCodes });
      if (!values.length) return undefined;
      groups.push(values.map((v) => v.id));
    }
    if (input.minPrice != null && input.maxPrice != null && input.minPrice > input.maxPrice) {
      throw new UserInputError('minPrice must not exceed maxPrice');
    }
    const filter: ListingFilter = {
      facetValueIdGroups: groups,
      minPrice: input.minPrice ?? undefined,
      maxPrice: input.maxPrice ?? undefined,
    };
    const colorCodes = (input.colorCodes ?? []).map((c) => c.trim()).filter(Boolean);
    if (colorCodes.length) {
      const byCode = await this.facets.find(ctx, { facetCodes: [FACET_COLOR], codes: colorCodes });
      const byHex = await this.facets.find(ctx, { facetCodes: [FACET_COLOR], colorCodes });
      filter.colorCodes = colorCodes;
      filter.colorFacetValueIds = [...new Set([...byCode, ...byHex].map((v) => v.id))];
    }
    const term = searchQueryOf(input.term, LIMITS.searchTermMaxLength);
    if (term) filter.term = term;
    return filter;
  }

  /** Colour facet values (product or variant level) and colour options of the matching products. */
  private async colors(ctx: RequestContext, filter: ListingFilter): Promise<ColorFilter[]> {
    const [productFvIds, variantFvIds, optionIds] = await Promise.all([
      this.productQuery.facetValueIdsOfMatching(ctx, filter, [FACET_COLOR]),
      this.productQuery.variantFacetValueIdsOfMatching(ctx, filter, [FACET_COLOR]),
      this.productQuery.colorOptionIdsOfMatching(ctx, filter),
    ]);
    const result = new Map<string, ColorFilter>();
    const values = await this.facets.find(ctx, { ids: [...new Set([...productFvIds, ...variantFvIds])] });
    for (const fv of values.sort(compareFacetValues)) {
      const colorCode = (fv.customFields as any)?.colorCode;
      if (colorCode) result.set(fv.code, { code: fv.code, name: fv.name, colorCode });
    }
    if (optionIds.length) {
      const options = await this.connection
        .getRepository(ctx, ProductOption)
        .find({ where: { id: In(optionIds as any[]) }, order: { id: 'ASC' } });
      for (const option of options) {
        const colorCode = (option.customFields as any)?.colorCode;
        if (!colorCode || result.has(option.code)) continue;
        const translated = this.translator.translate(option, ctx);
        result.set(option.code, { code: option.code, name: translated.name, colorCode });
      }
    }
    return [...result.values()];
  }
}
