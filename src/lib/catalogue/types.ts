/**
 * View models of the catalogue: what loaders hand to components. Loaders map the Shop API's
 * answers into these (smaller than the raw answers, so less data is serialised into the HTML
 * for hydration) and components never see GraphQL shapes.
 */
import type { PricedVariant } from '../../../machines/lib/variant-pricing';
import type { SelectableVariant } from '../../../machines/lib/variant-selection';

export interface AssetView {
  /** Asset URL (site-relative `/assets/...` or absolute). */
  src: string;
  width: number;
  height: number;
  focalPoint?: { x: number; y: number } | null;
}

export interface FacetRef {
  code: string;
  name: string;
}

export interface RatingSummary {
  overallRate: number;
  totalCount: number;
}

export interface ProductCardData {
  id: string;
  slug: string;
  name: string;
  subTitle: string | null;
  isNew: boolean;
  isFav: boolean;
  image: AssetView | null;
  /** The variant a card's add-to-cart adds (default, else first purchasable). */
  variantId: string | null;
  purchasable: boolean;
  /** Lowest current price and its reference price, halalas. */
  price: number;
  compareAt: number | null;
  discountPercent: number;
  /** Several prices: the card says "from". */
  priceVaries: boolean;
  rating: RatingSummary | null;
  brand: FacetRef | null;
}

export interface OptionView {
  id: string;
  code: string;
  name: string;
  colorCode: string | null;
}

export interface OptionGroupView {
  id: string;
  code: string;
  name: string;
  type: 'color' | 'size' | 'text';
  options: OptionView[];
}

export interface VariantView extends Omit<SelectableVariant, 'customFields'>, Omit<PricedVariant, 'customFields'> {
  id: string;
  name: string;
  sku: string;
  image: AssetView | null;
  /** The most units one cart may hold (stock within the per-product limit); null when not known. */
  maxQuantity?: number | null;
  customFields?: (NonNullable<SelectableVariant['customFields']> & NonNullable<PricedVariant['customFields']>) | null;
}

export interface RatingBreakdown extends RatingSummary {
  /** Count per star, 5 → 1, every star present. */
  distribution: { rate: number; count: number }[];
}

export interface ProductDetailData {
  id: string;
  slug: string;
  name: string;
  subTitle: string | null;
  isNew: boolean;
  isFav: boolean;
  /** Sanitised on the server. */
  descriptionHtml: string;
  descriptionText: string;
  assets: AssetView[];
  optionGroups: OptionGroupView[];
  variants: VariantView[];
  dropPrice: number | null;
  rating: RatingBreakdown;
  category: FacetRef | null;
  subCategory: FacetRef | null;
  brand: FacetRef | null;
}

export interface ReviewView {
  id: string;
  createdAt: string;
  summary: string;
  body: string;
  rating: number;
  authorName: string;
  isAuthor: boolean;
  state: string;
  /** the language it was written in: the page's own come first, the others are marked */
  languageCode: string;
}

export interface ReviewPage {
  items: ReviewView[];
  totalItems: number;
  page: number;
}
