export { CataloguePlugin } from './catalogue.plugin';
export { ProductReview } from './entities/product-review.entity';
export { normaliseSearchText } from './services/normalise-search-text';
export { SearchTextService } from './services/search-text.service';
export { CategoryCollectionsService } from './services/category-collections.service';
export { CollectionIndexService } from './services/collection-index.service';
