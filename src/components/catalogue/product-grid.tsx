import type { ViewMode } from '../../lib/catalogue/listing-params';
import { ProductCard } from './product-card';
import type { ProductCardData } from '../../lib/catalogue/types';

const LIST_SIZES = '(min-width: 768px) 220px, 30vw';
/** Cards in a phone's first row: the largest contentful paint is one of them. */
const HIGH_PRIORITY_CARDS = 2;

function cardPriority(index: number, eagerCount: number): boolean | 'eager' {
  if (index >= eagerCount) return false;
  return index < HIGH_PRIORITY_CARDS ? true : 'eager';
}

/** Listing results as a grid (default) or a one-column list. */
export function ProductGrid({
  products,
  view = 'grid',
  headingLevel = 3,
  eagerCount = 0,
}: {
  products: readonly ProductCardData[];
  view?: ViewMode;
  headingLevel?: 2 | 3;
  /**
   * How many first cards are above the fold (eager images). Only the first row of a phone (two
   * cards) gets high priority: on slow mobile networks four high-priority photographs shared the
   * bandwidth with the largest one (Lighthouse: LCP 2.8 s on `/products`).
   */
  eagerCount?: number;
}) {
  return (
    <ul className={`product-grid${view === 'list' ? ' product-grid--list' : ''}`} data-view={view}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            headingLevel={headingLevel}
            priority={cardPriority(i, eagerCount)}
            sizes={view === 'list' ? LIST_SIZES : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/** A home/related row: horizontally scrollable on phones, a grid on wide screens. */
export function ProductRow({ products, eagerCount = 0 }: { products: readonly ProductCardData[]; eagerCount?: number }) {
  return (
    <ul className="product-row">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} priority={cardPriority(i, eagerCount)} />
        </li>
      ))}
    </ul>
  );
}
