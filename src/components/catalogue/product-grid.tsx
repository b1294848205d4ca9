import type { ViewMode } from '../../lib/catalogue/listing-params';
import { ProductCard } from './product-card';
import type { ProductCardData } from '../../lib/catalogue/types';

const LIST_SIZES = '(min-width: 768px) 220px, 30vw';

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
  /** How many first cards are above the fold (eager, high priority images). */
  eagerCount?: number;
}) {
  return (
    <ul className={`product-grid${view === 'list' ? ' product-grid--list' : ''}`} data-view={view}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} headingLevel={headingLevel} priority={i < eagerCount} sizes={view === 'list' ? LIST_SIZES : undefined} />
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
          <ProductCard product={p} priority={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
