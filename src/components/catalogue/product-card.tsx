import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Image } from '../image/image';
import { LocaleLink } from '../locale-link/locale-link';
import { PriceTag } from './price-tag';
import { useCatalogueActions, useIsAdding, useIsFav } from './catalogue-actions';
import { FavButton } from './product-actions';
import { RatingStars } from './rating-stars';
import type { ProductCardData } from '../../lib/catalogue/types';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';
import { ReviewCount } from './review-count';
import { BagIcon } from '../icons/icons';

export interface ProductCardProps {
  product: ProductCardData;
  /** The heading level of the name inside its section. */
  headingLevel?: 2 | 3;
  /** Above the fold: `true` for the LCP candidates (eager, high priority), `'eager'` for the rest. */
  priority?: boolean | 'eager';
  /** The `sizes` of the image for the grid it sits in. */
  sizes?: string;
}

export const CARD_IMAGE_WIDTH = 300;
const DEFAULT_SIZES = '(min-width: 1200px) 280px, (min-width: 768px) 31vw, 46vw';

/**
 * One product in every row and listing. The whole card is one link (the name's, stretched over
 * the card), so screen readers hear each product once; the heart sits above it.
 */
export function ProductCard({ product, headingLevel = 3, priority = false, sizes = DEFAULT_SIZES }: ProductCardProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const actions = useCatalogueActions();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isFav = useIsFav(product.id, product.isFav);
  const addButton = useRef<HTMLButtonElement>(null);
  const adding = useIsAdding(product.variantId);
  return (
    <article className="product-card" data-product-id={product.id}>
      <div className="product-card__media">
        <Image
          src={product.image?.src}
          alt=""
          width={CARD_IMAGE_WIDTH}
          ratio="1-1"
          sizes={sizes}
          focalPoint={product.image?.focalPoint}
          priority={priority}
        />
        <div className="product-card__badges">
          {product.isNew && <span className="badge">{t`New`}</span>}
          {product.discountPercent > 0 && (
            <span className="badge badge--sale">{t`-${formatNumber(product.discountPercent, locale)}%`}</span>
          )}
          {!product.purchasable && <span className="badge badge--muted">{t`Out of stock`}</span>}
        </div>
      </div>
      <FavButton
        className="product-card__fav"
        productId={product.id}
        productName={product.name}
        isFav={isFav}
        onToggleFav={actions.onToggleFav}
        item={{
          id: product.id,
          slug: product.slug,
          name: product.name,
          image: product.image,
          price: product.price,
          variantId: product.purchasable ? product.variantId : null,
        }}
      />
      <div className="product-card__body">
        {product.brand && <p className="product-card__brand">{product.brand.name}</p>}
        <Heading className="product-card__name">
          <LocaleLink to={`/products/${encodeURIComponent(product.slug)}`}>{product.name}</LocaleLink>
        </Heading>
        {product.subTitle && <p className="product-card__subtitle">{product.subTitle}</p>}
        {product.rating && (
          <p className="product-card__rating">
            <RatingStars rate={product.rating.overallRate} size={14} />
            <span aria-hidden="true">({formatNumber(product.rating.totalCount, locale)})</span>
            <span className="visually-hidden">
              <ReviewCount count={product.rating.totalCount} />
            </span>
          </p>
        )}
        <div className="product-card__price">
          <PriceTag price={product.price} compareAt={product.compareAt} discountPercent={0} from={product.priceVaries} />
        </div>
        {product.purchasable && product.variantId && (
          <button
            type="button"
            className="button button--secondary product-card__add"
            title={t`Add ${product.name} to cart`}
            aria-label={t`Add ${product.name} to cart`}
            ref={addButton}
            // focusable while adding (aria-disabled): a disabled button drops focus to <body>
            disabled={!actions.onAddToCart}
            aria-disabled={adding || undefined}
            onClick={() => !adding && product.variantId && actions.onAddToCart?.(product.variantId, 1)}
          >
            {/* Icon-only, named like the heart: a visible "Add to cart" on every card would
                            either hide the product from the name or mismatch it (axe label-content). */}
            <BagIcon size={18} />
          </button>
        )}
        {product.purchasable && product.variantId && actions.renderAddedNotice?.(product.variantId, addButton)}
      </div>
    </article>
  );
}
