import { Injectable } from '@nestjs/common';
import {
  FacetValue,
  ID,
  Product,
  ProductOption,
  ProductTranslation,
  ProductVariant,
  ProductVariantPrice,
  RequestContext,
  TaxCategory,
  TaxRateService,
  TransactionalConnection,
} from '@vendure/core';
import { Brackets, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { escapeLike } from './normalise-search-text';

export type ProductSortKey = 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC' | 'MOST_WATCHED';

/**
 * A listing filter in resolved form (facet codes already turned into facet value ids).
 * Every condition is ANDed; inside `facetValueIdGroups` each group is "has any of these ids".
 */
export interface ListingFilter {
  facetValueIdGroups?: ID[][];
  /** Matches variant options (code or colorCode) or colour facet values (`colorFacetValueIds`). */
  colorCodes?: string[];
  colorFacetValueIds?: ID[];
  /** Price with tax, halalas; a product matches when one of its variants is in the range. */
  minPrice?: number;
  maxPrice?: number;
  /** Already normalised (normaliseSearchText). */
  term?: string;
  newArrival?: boolean;
  /** Has a variant on sale at this instant (onSale and inside startDate..endDate). */
  onSaleAt?: Date;
  excludeProductIds?: ID[];
  productIds?: ID[];
}

export interface ProductIdPage {
  ids: ID[];
  totalItems: number;
}

/**
 * The SQL behind every product listing: one grouped query for a page of ids and one COUNT, built
 * with TypeORM's query builder on entity metadata (no hand-written table or column names), so it
 * runs unchanged on SQLite and PostgreSQL. A product is listed when it is enabled, not deleted,
 * in the channel and has an enabled variant priced in the channel's currency.
 */
@Injectable()
export class ProductQueryService {
  private paramSeq = 0;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly taxRateService: TaxRateService,
  ) {}

  async findPage(ctx: RequestContext, filter: ListingFilter, sort: ProductSortKey, skip: number, take: number): Promise<ProductIdPage> {
    const factor = await this.priceFactor(ctx);
    const page = this.base(ctx, filter, factor)
      .select(this.ref('product', Product, 'id'), 'id')
      .addSelect(`MIN(${this.ref('vprice', ProductVariantPrice, 'price')})`, 'minprice')
      .groupBy(this.ref('product', Product, 'id'));
    const createdAt = this.ref('product', Product, 'createdAt');
    switch (sort) {
      case 'PRICE_ASC':
        page.orderBy('minprice', 'ASC').addOrderBy(createdAt, 'DESC');
        break;
      case 'PRICE_DESC':
        page.orderBy('minprice', 'DESC').addOrderBy(createdAt, 'DESC');
        break;
      case 'MOST_WATCHED':
        page.orderBy(this.ref('product', Product, 'customFields.viewCount'), 'DESC').addOrderBy(createdAt, 'DESC');
        break;
      default:
        page.orderBy(createdAt, 'DESC');
    }
    page
      .addOrderBy(this.ref('product', Product, 'id'), 'DESC')
      .offset(skip)
      .limit(take);
    const [rows, totalItems] = await Promise.all([page.getRawMany(), this.count(ctx, filter)]);
    return { ids: rows.map((r) => r.id as ID), totalItems };
  }

  async count(ctx: RequestContext, filter: ListingFilter): Promise<number> {
    const factor = await this.priceFactor(ctx);
    const row = await this.base(ctx, filter, factor)
      .select(`COUNT(DISTINCT ${this.ref('product', Product, 'id')})`, 'count')
      .getRawOne();
    return Number(row?.count ?? 0);
  }

  /** Lowest and highest variant price with tax (halalas) among the matching products. */
  async priceRange(ctx: RequestContext, filter: ListingFilter): Promise<{ min: number; max: number } | undefined> {
    const factor = await this.priceFactor(ctx);
    const price = this.ref('vprice', ProductVariantPrice, 'price');
    const row = await this.base(ctx, filter, factor).select(`MIN(${price})`, 'min').addSelect(`MAX(${price})`, 'max').getRawOne();
    if (row?.min == null) return undefined;
    return { min: Math.round(Number(row.min) * factor), max: Math.round(Number(row.max) * factor) };
  }

  /** Ids of facet values (of the given facet codes) carried by the matching products. */
  async facetValueIdsOfMatching(ctx: RequestContext, filter: ListingFilter, facetCodes: string[]): Promise<ID[]> {
    const factor = await this.priceFactor(ctx);
    const p = this.param('facetCodes');
    const rows = await this.base(ctx, filter, factor)
      .innerJoin('product.facetValues', 'mfv')
      .innerJoin('mfv.facet', 'mfacet', `${this.ref('mfacet', 'Facet', 'code')} IN (:...${p})`, { [p]: facetCodes })
      .select(this.ref('mfv', FacetValue, 'id'), 'id')
      .distinct(true)
      .getRawMany();
    return rows.map((r) => r.id as ID);
  }

  /** Ids of colour facet values carried by the matching products' enabled variants. */
  async variantFacetValueIdsOfMatching(ctx: RequestContext, filter: ListingFilter, facetCodes: string[]): Promise<ID[]> {
    const factor = await this.priceFactor(ctx);
    const p = this.param('facetCodes');
    const rows = await this.base(ctx, filter, factor)
      .innerJoin('variant.facetValues', 'vfv')
      .innerJoin('vfv.facet', 'vfacet', `${this.ref('vfacet', 'Facet', 'code')} IN (:...${p})`, { [p]: facetCodes })
      .select(this.ref('vfv', FacetValue, 'id'), 'id')
      .distinct(true)
      .getRawMany();
    return rows.map((r) => r.id as ID);
  }

  /** Ids of the colour options (an option with a colorCode) of the matching products' variants. */
  async colorOptionIdsOfMatching(ctx: RequestContext, filter: ListingFilter): Promise<ID[]> {
    const factor = await this.priceFactor(ctx);
    const colorCode = this.ref('vopt', ProductOption, 'customFields.colorCode');
    const rows = await this.base(ctx, filter, factor)
      .innerJoin('variant.options', 'vopt', `${colorCode} IS NOT NULL AND ${colorCode} <> ''`)
      .select(this.ref('vopt', ProductOption, 'id'), 'id')
      .distinct(true)
      .getRawMany();
    return rows.map((r) => r.id as ID);
  }

  /** Number of listable products per facet value id (FacetValue.productCount). */
  async countByFacetValueIds(ctx: RequestContext, facetValueIds: ID[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!facetValueIds.length) return result;
    const factor = await this.priceFactor(ctx);
    const p = this.param('countIds');
    const fvId = this.ref('cfv', FacetValue, 'id');
    const rows = await this.base(ctx, {}, factor)
      .innerJoin('product.facetValues', 'cfv', `${fvId} IN (:...${p})`, { [p]: facetValueIds })
      .select(fvId, 'id')
      .addSelect(`COUNT(DISTINCT ${this.ref('product', Product, 'id')})`, 'count')
      .groupBy(fvId)
      .getRawMany();
    for (const r of rows) result.set(String(r.id), Number(r.count));
    return result;
  }

  /**
   * Channel prices are stored with tax when the channel says so (our default); otherwise a
   * stored net price is compared and reported with the default tax category's rate of the
   * channel's default tax zone.
   */
  async priceFactor(ctx: RequestContext): Promise<number> {
    if (ctx.channel.pricesIncludeTax) return 1;
    const zone = ctx.channel.defaultTaxZone;
    if (!zone) return 1;
    const category = await this.connection.getRepository(ctx, TaxCategory).findOne({ where: { isDefault: true } });
    if (!category) return 1;
    const rate = await this.taxRateService.getApplicableTaxRate(ctx, zone, category);
    return 1 + Number(rate.value ?? 0) / 100;
  }

  private base(ctx: RequestContext, filter: ListingFilter, factor: number): SelectQueryBuilder<Product> {
    const channelId = this.param('channelId');
    const currency = this.param('currency');
    const yes = this.param('yes');
    const qb = this.connection
      .getRepository(ctx, Product)
      .createQueryBuilder('product')
      .innerJoin('product.channels', 'pchannel', `${this.ref('pchannel', 'Channel', 'id')} = :${channelId}`)
      .innerJoin(
        'product.variants',
        'variant',
        `${this.ref('variant', ProductVariant, 'deletedAt')} IS NULL AND ${this.ref('variant', ProductVariant, 'enabled')} = :${yes}`,
      )
      .innerJoin(
        'variant.productVariantPrices',
        'vprice',
        `${this.ref('vprice', ProductVariantPrice, 'channelId')} = :${channelId} AND ${this.ref('vprice', ProductVariantPrice, 'currencyCode')} = :${currency}`,
      )
      .where(`${this.ref('product', Product, 'deletedAt')} IS NULL`)
      .andWhere(`${this.ref('product', Product, 'enabled')} = :${yes}`)
      .setParameters({ [channelId]: ctx.channelId, [currency]: ctx.currencyCode, [yes]: true });
    this.applyFilter(qb, filter, factor);
    return qb;
  }

  private applyFilter(qb: SelectQueryBuilder<Product>, f: ListingFilter, factor: number) {
    const productId = this.ref('product', Product, 'id');
    const price = this.ref('vprice', ProductVariantPrice, 'price');
    if (f.productIds) {
      const p = this.param('onlyIds');
      // An empty restriction means "nothing": IN () is not valid SQL, so use a false predicate.
      if (f.productIds.length) qb.andWhere(`${productId} IN (:...${p})`, { [p]: f.productIds });
      else qb.andWhere('1 = 0');
    }
    if (f.excludeProductIds?.length) {
      const p = this.param('excludeIds');
      qb.andWhere(`${productId} NOT IN (:...${p})`, { [p]: f.excludeProductIds });
    }
    if (f.newArrival !== undefined) {
      const p = this.param('newArrival');
      qb.andWhere(`${this.ref('product', Product, 'customFields.newArrival')} = :${p}`, { [p]: f.newArrival });
    }
    if (f.minPrice != null) {
      const p = this.param('minPrice');
      qb.andWhere(`${price} >= :${p}`, { [p]: Math.ceil(f.minPrice / factor) });
    }
    if (f.maxPrice != null) {
      const p = this.param('maxPrice');
      qb.andWhere(`${price} <= :${p}`, { [p]: Math.floor(f.maxPrice / factor) });
    }
    if (f.onSaleAt) {
      const now = this.param('now');
      const yes = this.param('onSale');
      const start = this.ref('variant', ProductVariant, 'customFields.startDate');
      const end = this.ref('variant', ProductVariant, 'customFields.endDate');
      qb.andWhere(`${this.ref('variant', ProductVariant, 'customFields.onSale')} = :${yes}`, { [yes]: true })
        .andWhere(`(${start} IS NULL OR ${start} <= :${now})`)
        .andWhere(`(${end} IS NULL OR ${end} >= :${now})`, { [now]: f.onSaleAt });
    }
    for (const group of f.facetValueIdGroups ?? []) {
      if (!group.length) {
        qb.andWhere('1 = 0');
        continue;
      }
      const p = this.param('fvIds');
      const sub = qb
        .subQuery()
        .select('1')
        .from(Product, 'fp')
        .innerJoin('fp.facetValues', 'ffv')
        .where(`${this.ref('fp', Product, 'id')} = ${productId}`)
        .andWhere(`${this.ref('ffv', FacetValue, 'id')} IN (:...${p})`)
        .getQuery();
      qb.andWhere(`EXISTS ${sub}`, { [p]: group });
    }
    if (f.colorCodes?.length) {
      this.applyColorFilter(qb, f.colorCodes, f.colorFacetValueIds ?? []);
    }
    if (f.term) {
      const p = this.param('term');
      const searchText = this.ref('pt', ProductTranslation, 'customFields.searchText');
      const sub = qb
        .subQuery()
        .select('1')
        .from(ProductTranslation, 'pt')
        .where(`${this.ref('pt', ProductTranslation, 'base')} = ${productId}`)
        .andWhere(`${searchText} LIKE :${p} ESCAPE '\\'`)
        .getQuery();
      qb.andWhere(`EXISTS ${sub}`, { [p]: `%${escapeLike(f.term)}%` });
    }
  }

  /**
   * A colour matches on the same variant that satisfied the price condition (its option code or
   * colorCode, or a colour facet value on the variant), or on a colour facet value of the product.
   */
  private applyColorFilter(qb: SelectQueryBuilder<Product>, codes: string[], colorFacetValueIds: ID[]) {
    const variantId = this.ref('variant', ProductVariant, 'id');
    const productId = this.ref('product', Product, 'id');
    const pCodes = this.param('colorCodes');
    const pLower = this.param('colorCodesLower');
    const optionSub = qb
      .subQuery()
      .select('1')
      .from(ProductVariant, 'cv')
      .innerJoin('cv.options', 'copt')
      .where(`${this.ref('cv', ProductVariant, 'id')} = ${variantId}`)
      .andWhere(
        `(${this.ref('copt', ProductOption, 'code')} IN (:...${pCodes}) OR LOWER(${this.ref('copt', ProductOption, 'customFields.colorCode')}) IN (:...${pLower}))`,
      )
      .getQuery();
    qb.setParameters({ [pCodes]: codes, [pLower]: codes.map((c) => c.toLowerCase()) });
    const clauses = [`EXISTS ${optionSub}`];
    if (colorFacetValueIds.length) {
      const pIds = this.param('colorFvIds');
      const variantFacetSub = qb
        .subQuery()
        .select('1')
        .from(ProductVariant, 'cfv_v')
        .innerJoin('cfv_v.facetValues', 'cfv_vfv')
        .where(`${this.ref('cfv_v', ProductVariant, 'id')} = ${variantId}`)
        .andWhere(`${this.ref('cfv_vfv', FacetValue, 'id')} IN (:...${pIds})`)
        .getQuery();
      const productFacetSub = qb
        .subQuery()
        .select('1')
        .from(Product, 'cfv_p')
        .innerJoin('cfv_p.facetValues', 'cfv_pfv')
        .where(`${this.ref('cfv_p', Product, 'id')} = ${productId}`)
        .andWhere(`${this.ref('cfv_pfv', FacetValue, 'id')} IN (:...${pIds})`)
        .getQuery();
      qb.setParameter(pIds, colorFacetValueIds);
      clauses.push(`EXISTS ${variantFacetSub}`, `EXISTS ${productFacetSub}`);
    }
    qb.andWhere(
      new Brackets((b) => {
        clauses.forEach((c, i) => (i === 0 ? b.where(c) : b.orWhere(c)));
      }),
    );
  }

  /** `"alias"."column"` for an entity property path (custom fields and relations included). */
  ref(alias: string, entity: EntityTarget<ObjectLiteral> | string, propertyPath: string): string {
    const raw = this.connection.rawConnection;
    const metadata = raw.getMetadata(entity);
    const column = metadata.findColumnWithPropertyPath(propertyPath);
    if (!column) throw new Error(`No column ${propertyPath} on ${metadata.name}`);
    return `${raw.driver.escape(alias)}.${raw.driver.escape(column.databaseName)}`;
  }

  private param(name: string): string {
    this.paramSeq = (this.paramSeq + 1) % 1_000_000;
    return `${name}_${this.paramSeq}`;
  }
}
