import { MiddlewareConsumer, NestModule, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { ConfigService, I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { CommonPlugin } from '../common';

import { adminApiExtensions, shopApiExtensions } from './api/api-extensions';
import { FacetValueFieldsResolver } from './api/facet-value-fields.resolver';
import { FacetResolver } from './api/facet.resolver';
import { OrderLineFieldsResolver } from './api/order-line-fields.resolver';
import { ProductFieldsResolver } from './api/product-fields.resolver';
import { ProductListingResolver } from './api/product-listing.resolver';
import { ResponseCacheMiddleware } from './api/response-cache.middleware';
import { ReviewAdminResolver } from './api/review-admin.resolver';
import { ReviewShopResolver, SubmitProductReviewResultResolver } from './api/review.resolver';
import { VariantFieldsResolver } from './api/variant-fields.resolver';
import { WishlistResolver } from './api/wishlist.resolver';
import { SalePriceCalculationStrategy } from './config/sale-price-strategy';
import { applySaleWindowsTask, repriceOnArrangingPayment } from './config/sale-windows';
import { ProductReview } from './entities/product-review.entity';
import { catalogueTranslations } from './i18n/catalogue.translations';
import { ActiveCustomerService } from './services/active-customer.service';
import { CatalogueIndexService } from './services/catalogue-index.service';
import { CategoryCollectionsService } from './services/category-collections.service';
import { CollectionIndexService } from './services/collection-index.service';
import { FacetLookupService } from './services/facet-lookup.service';
import { ProductListingService } from './services/product-listing.service';
import { ProductLoaderService } from './services/product-loader.service';
import { ProductPriceSummaryService } from './services/product-price-summary.service';
import { ProductVariantsLoaderService } from './services/product-variants-loader.service';
import { ProductQueryService } from './services/product-query.service';
import { ProductReviewService } from './services/product-review.service';
import { ProductViewService } from './services/product-view.service';
import { ResponseCacheService } from './services/response-cache.service';
import { SearchTextService } from './services/search-text.service';
import { WishlistService } from './services/wishlist.service';

/**
 * Catalogue extensions of the Shop API (docs/decisions/002-shop-api-extensions.md, "catalogue
 * plugin"): listings with filters, home sections, related products, Arabic-normalised search,
 * facets, wishlist and reviews; plus review moderation in the Admin API.
 * Needs CommonPlugin (RateLimitService) registered before it.
 */
@VendurePlugin({
  imports: [PluginCommonModule, CommonPlugin],
  entities: [ProductReview],
  providers: [
    CatalogueIndexService,
    ProductQueryService,
    ProductLoaderService,
    ProductVariantsLoaderService,
    ProductPriceSummaryService,
    FacetLookupService,
    ActiveCustomerService,
    ProductListingService,
    SearchTextService,
    ProductViewService,
    WishlistService,
    ProductReviewService,
    CategoryCollectionsService,
    CollectionIndexService,
    ResponseCacheService,
  ],
  exports: [SearchTextService, ProductReviewService, CategoryCollectionsService],
  shopApiExtensions: {
    schema: shopApiExtensions,
    resolvers: [
      ProductFieldsResolver,
      VariantFieldsResolver,
      FacetValueFieldsResolver,
      OrderLineFieldsResolver,
      ProductListingResolver,
      FacetResolver,
      WishlistResolver,
      ReviewShopResolver,
      SubmitProductReviewResultResolver,
    ],
  },
  adminApiExtensions: {
    schema: adminApiExtensions,
    resolvers: [ReviewAdminResolver],
  },
  // Sales priced by the server (docs/decisions/041): the promo price is the variant's price inside
  // its window, a task applies windows that open or close, checkout re-prices the cart.
  // Idempotent: a config object may pass through this callback more than once.
  configuration: (config) => {
    const strategy = config.catalogOptions.productVariantPriceCalculationStrategy;
    if (!(strategy instanceof SalePriceCalculationStrategy)) {
      config.catalogOptions.productVariantPriceCalculationStrategy = new SalePriceCalculationStrategy(strategy);
    }
    const tasks = config.schedulerOptions.tasks ?? [];
    if (!tasks.some((t) => t.id === applySaleWindowsTask.id)) config.schedulerOptions.tasks = [...tasks, applySaleWindowsTask];
    const processes = config.orderOptions.process ?? [];
    if (!processes.includes(repriceOnArrangingPayment)) config.orderOptions.process = [...processes, repriceOnArrangingPayment];
    return config;
  },
  compatibility: '^3.0.0',
})
export class CataloguePlugin implements OnApplicationBootstrap, NestModule {
  constructor(
    private readonly i18nService: I18nService,
    private readonly configService: ConfigService,
  ) {}

  /** Kept answers of the catalogue's queries for anonymous shoppers (decision 019, session 12). */
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(ResponseCacheMiddleware).forRoutes({ path: this.configService.apiOptions.shopApiPath, method: RequestMethod.ALL });
  }

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(catalogueTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
  }
}
