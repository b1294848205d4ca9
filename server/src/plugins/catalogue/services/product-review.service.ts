import { Injectable } from '@nestjs/common';
import {
  Customer,
  EventBus,
  ID,
  ListQueryBuilder,
  ListQueryOptions,
  OrderLine,
  PaginatedList,
  ProductVariant,
  RequestContext,
  TransactionalConnection,
  UserInputError,
} from '@vendure/core';
import { In } from 'typeorm';

import { clientIp, RateLimitError, rateLimitError, RateLimitService } from '../../common';
import { LIMITS, REVIEW_RATE_LIMITS, REVIEW_RULES } from '../constants';
import { ProductReview, ProductReviewState, REVIEW_STATES } from '../entities/product-review.entity';
import { ReviewAlreadySubmittedError, ReviewInputError, ReviewNotAllowedError } from '../errors/review.errors';
import { ProductReviewEvent } from '../events/product-review.event';

import { ActiveCustomerService } from './active-customer.service';
import { ProductQueryService } from './product-query.service';
import { RequestLoader } from './request-loader';

export interface OverallRating {
  overallRate: number;
  totalCount: number;
  rateInfo: Array<{ rate: number; count: number }>;
}

export interface SubmitReviewInput {
  productId: ID;
  orderLineId: ID;
  rating: number;
  summary: string;
  body: string;
}

export type ShopReview = ProductReview & { isAuthor: boolean };

export type SubmitReviewResult = ShopReview | ReviewNotAllowedError | ReviewAlreadySubmittedError | ReviewInputError | RateLimitError;

/** Placed orders in these states do not count as a purchase. */
const NOT_PURCHASED_STATES = ['Created', 'Draft', 'AddingItems', 'ArrangingPayment', 'Cancelled'];

@Injectable()
export class ProductReviewService {
  private readonly ratingLoader = new RequestLoader<OverallRating>(
    (ctx, ids) => this.batchRatings(ctx, ids),
    () => emptyRating(),
  );
  private readonly lineReviewLoader = new RequestLoader<boolean>(
    (ctx, ids) => this.batchLineHasReview(ctx, ids),
    () => false,
  );

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly activeCustomer: ActiveCustomerService,
    private readonly productQuery: ProductQueryService,
    private readonly rateLimit: RateLimitService,
    private readonly listQueryBuilder: ListQueryBuilder,
    private readonly eventBus: EventBus,
  ) {}

  overallRating(ctx: RequestContext, productId: ID): Promise<OverallRating> {
    return this.ratingLoader.load(ctx, productId);
  }

  orderLineHasReview(ctx: RequestContext, orderLineId: ID): Promise<boolean> {
    return this.lineReviewLoader.load(ctx, orderLineId);
  }

  /**
   * Approved reviews plus the requesting customer's own pending ones: those written in the
   * request's language first, then the others, each group newest first.
   */
  async listForShop(
    ctx: RequestContext,
    productId: ID,
    skip = 0,
    take: number = LIMITS.reviewsDefault,
  ): Promise<{ items: ShopReview[]; totalItems: number }> {
    const customerId = await this.activeCustomer.customerId(ctx);
    const ref = (path: string) => this.productQuery.ref('review', ProductReview, path);
    const qb = this.connection
      .getRepository(ctx, ProductReview)
      .createQueryBuilder('review')
      .where(`${ref('productId')} = :productId`, { productId });
    if (customerId !== undefined) {
      qb.andWhere(`(${ref('state')} = :approved OR (${ref('state')} = :pending AND ${ref('customerId')} = :customerId))`, {
        approved: 'approved',
        pending: 'pending',
        customerId,
      });
    } else {
      qb.andWhere(`${ref('state')} = :approved`, { approved: 'approved' });
    }
    const [items, totalItems] = await qb
      .addSelect(`CASE WHEN ${ref('languageCode')} = :reviewLanguage THEN 0 ELSE 1 END`, 'review_language_rank')
      .setParameter('reviewLanguage', ctx.languageCode)
      .orderBy('review_language_rank', 'ASC')
      .addOrderBy(ref('createdAt'), 'DESC')
      .addOrderBy(ref('id'), 'DESC')
      .skip(Math.max(0, skip))
      .take(Math.min(Math.max(0, take), LIMITS.reviewsMax))
      .getManyAndCount();
    return {
      items: items.map((r) => withAuthor(r, customerId)),
      totalItems,
    };
  }

  async submit(ctx: RequestContext, input: SubmitReviewInput): Promise<SubmitReviewResult> {
    const customerId = await this.activeCustomer.customerId(ctx);
    if (customerId === undefined) return new ReviewNotAllowedError('SIGN_IN');

    const limited = await this.rateLimit.consumeAll([
      { key: `submitProductReview:customer:${customerId}`, rule: REVIEW_RATE_LIMITS.perCustomer },
      { key: `submitProductReview:ip:${clientIp(ctx.req as any)}`, rule: REVIEW_RATE_LIMITS.perIp },
    ]);
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);

    const invalid = validateReview(input);
    if (invalid) return invalid;

    const line = await this.connection.getRepository(ctx, OrderLine).findOne({
      where: { id: input.orderLineId },
      relations: { order: true },
    });
    const variant = line
      ? await this.connection
          .getRepository(ctx, ProductVariant)
          .findOne({ where: { id: line.productVariantId }, withDeleted: true, select: { id: true, productId: true } })
      : null;
    const purchased =
      line &&
      variant &&
      String(variant.productId) === String(input.productId) &&
      String(line.order.customerId) === String(customerId) &&
      !!line.order.orderPlacedAt &&
      !NOT_PURCHASED_STATES.includes(line.order.state) &&
      line.quantity > 0;
    if (!purchased) return new ReviewNotAllowedError('NOT_PURCHASED');

    const repo = this.connection.getRepository(ctx, ProductReview);
    if (await repo.exist({ where: { orderLineId: line.id } })) return new ReviewAlreadySubmittedError();

    const customer = await this.connection
      .getRepository(ctx, Customer)
      .findOne({ where: { id: customerId }, select: { id: true, firstName: true, lastName: true } });
    const review = new ProductReview({
      productId: input.productId,
      customerId,
      orderLineId: line.id,
      rating: input.rating,
      summary: input.summary.trim(),
      body: input.body.trim(),
      authorName: authorNameOf(customer),
      state: 'pending',
      languageCode: ctx.languageCode,
    });
    try {
      const saved = await repo.save(review);
      return withAuthor(saved, customerId);
    } catch (e) {
      // The unique index on orderLineId lost a race against a parallel submit.
      if (await repo.exist({ where: { orderLineId: line.id } })) return new ReviewAlreadySubmittedError();
      throw e;
    }
  }

  findAllForAdmin(ctx: RequestContext, options?: ListQueryOptions<ProductReview>): Promise<PaginatedList<ProductReview>> {
    return this.listQueryBuilder
      .build(ProductReview, options, { ctx, relations: ['product', 'customer'] })
      .getManyAndCount()
      .then(([items, totalItems]) => ({ items, totalItems }));
  }

  findOneForAdmin(ctx: RequestContext, id: ID): Promise<ProductReview | null> {
    return this.connection.getRepository(ctx, ProductReview).findOne({ where: { id }, relations: { product: true, customer: true } });
  }

  async setState(ctx: RequestContext, id: ID, state: string): Promise<ProductReview> {
    if (!REVIEW_STATES.includes(state as ProductReviewState)) {
      throw new UserInputError(`Unknown review state "${state}"`);
    }
    const repo = this.connection.getRepository(ctx, ProductReview);
    const review = await this.connection.getEntityOrThrow(ctx, ProductReview, id, { relations: ['product', 'customer'] });
    review.state = state as ProductReviewState;
    const saved = await repo.save(review);
    await this.eventBus.publish(new ProductReviewEvent(ctx, { id: saved.id, productId: saved.productId, state: saved.state }));
    return saved;
  }

  private async batchRatings(ctx: RequestContext, productIds: string[]): Promise<Map<string, OverallRating>> {
    const ref = (path: string) => this.productQuery.ref('review', ProductReview, path);
    const rows: Array<{ productId: ID; rating: number; count: number }> = await this.connection
      .getRepository(ctx, ProductReview)
      .createQueryBuilder('review')
      .select(ref('productId'), 'productId')
      .addSelect(ref('rating'), 'rating')
      .addSelect('COUNT(*)', 'count')
      .where(`${ref('productId')} IN (:...productIds)`, { productIds })
      .andWhere(`${ref('state')} = :approved`, { approved: 'approved' })
      .groupBy(ref('productId'))
      .addGroupBy(ref('rating'))
      .getRawMany();
    const result = new Map<string, OverallRating>();
    for (const row of rows) {
      const key = String(row.productId);
      const rating = result.get(key) ?? emptyRating();
      const entry = rating.rateInfo.find((r) => r.rate === Number(row.rating));
      if (entry) entry.count += Number(row.count);
      result.set(key, rating);
    }
    for (const rating of result.values()) {
      rating.totalCount = rating.rateInfo.reduce((n, r) => n + r.count, 0);
      const sum = rating.rateInfo.reduce((n, r) => n + r.rate * r.count, 0);
      rating.overallRate = rating.totalCount ? Math.round((sum / rating.totalCount) * 10) / 10 : 0;
    }
    return result;
  }

  private async batchLineHasReview(ctx: RequestContext, orderLineIds: string[]): Promise<Map<string, boolean>> {
    const reviews = await this.connection.getRepository(ctx, ProductReview).find({
      where: { orderLineId: In(orderLineIds) },
      select: { id: true, orderLineId: true },
    });
    return new Map(reviews.map((r) => [String(r.orderLineId), true]));
  }
}

function emptyRating(): OverallRating {
  return { overallRate: 0, totalCount: 0, rateInfo: [1, 2, 3, 4, 5].map((rate) => ({ rate, count: 0 })) };
}

function withAuthor(review: ProductReview, customerId: ID | undefined): ShopReview {
  return Object.assign(review, {
    isAuthor: customerId !== undefined && review.customerId != null && String(review.customerId) === String(customerId),
  });
}

/** "Sara A." — the first name and the initial of the family name, never the full name. */
export function authorNameOf(customer: Pick<Customer, 'firstName' | 'lastName'> | null | undefined): string {
  const first = customer?.firstName?.trim() ?? '';
  const initial = [...(customer?.lastName?.trim() ?? '')][0];
  const name = [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ');
  return name.slice(0, 100) || '—';
}

const length = (s: string) => [...s.trim()].length;

export function validateReview(input: Pick<SubmitReviewInput, 'rating' | 'summary' | 'body'>): ReviewInputError | undefined {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    return new ReviewInputError({ field: 'rating', min: 1, max: 5 });
  }
  const summary = length(input.summary ?? '');
  if (summary < REVIEW_RULES.summaryMin || summary > REVIEW_RULES.summaryMax) {
    return new ReviewInputError({ field: 'summary', min: REVIEW_RULES.summaryMin, max: REVIEW_RULES.summaryMax });
  }
  const body = length(input.body ?? '');
  if (body < REVIEW_RULES.bodyMin || body > REVIEW_RULES.bodyMax) {
    return new ReviewInputError({ field: 'body', min: REVIEW_RULES.bodyMin, max: REVIEW_RULES.bodyMax });
  }
  return undefined;
}
