import { ID, RequestContext, VendureEvent } from '@vendure/core';

/**
 * A review's moderation state changed (approved reviews count in `Product.overallRating`).
 * Published after the change like Vendure's own entity events, so that answers kept by the
 * response cache (decision 019, session 12) are dropped once it is committed.
 */
export class ProductReviewEvent extends VendureEvent {
  constructor(
    public readonly ctx: RequestContext,
    public readonly review: { id: ID; productId: ID; state: string },
  ) {
    super();
  }
}
