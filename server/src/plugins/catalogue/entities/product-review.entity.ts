import { DeepPartial, ID } from '@vendure/common/lib/shared-types';
import { Customer, EntityId, OrderLine, Product, VendureEntity } from '@vendure/core';
import { Column, Entity, Index, ManyToOne } from 'typeorm';

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ProductReviewState = (typeof REVIEW_STATES)[number];

/**
 * A shopper's review of a product. Shop API shows `approved` ones (plus the author's own
 * `pending` ones); an administrator moderates through the Admin API.
 * One review per order line: the unique index also stops a double submit race.
 */
@Entity()
@Index(['productId', 'state'])
@Index(['orderLineId'], { unique: true })
export class ProductReview extends VendureEntity {
  constructor(input?: DeepPartial<ProductReview>) {
    super(input);
  }

  @ManyToOne((type) => Product, { onDelete: 'CASCADE' })
  product: Product;

  @EntityId()
  productId: ID;

  /** Null for imported/seeded reviews that have no customer account behind them. */
  @ManyToOne((type) => Customer, { nullable: true, onDelete: 'SET NULL' })
  customer: Customer | null;

  @EntityId({ nullable: true })
  customerId: ID | null;

  @ManyToOne((type) => OrderLine, { nullable: true, onDelete: 'SET NULL' })
  orderLine: OrderLine | null;

  @EntityId({ nullable: true })
  orderLineId: ID | null;

  @Column({ type: 'int' })
  rating: number;

  @Column({ type: 'varchar', length: 100 })
  summary: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 100 })
  authorName: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  state: ProductReviewState;

  @Column({ type: 'varchar', length: 8 })
  languageCode: string;
}
