import { DynamicModule, Type } from '@nestjs/common';

import { CataloguePlugin } from './catalogue';
import { AccountPlugin } from './account';
import { CommonPlugin } from './common';
import { LiveOrdersPlugin } from './live-orders';
import { PaymentsPlugin } from './payments';
import { ContentPlugin } from './content';
import { CartGuardsPlugin } from './cart-guards';
import { InputBoundaryPlugin } from './input-boundary';

/**
 * Our storefront plugins, registered by buildConfig() (server/src/vendure-config.ts).
 * Each plugin developer appends one line here (import + array entry); keep the order:
 * common first (RateLimitService is used by the others).
 */
export const storefrontPlugins: Array<DynamicModule | Type<any>> = [
  CommonPlugin,
  CataloguePlugin,
  AccountPlugin,
  PaymentsPlugin,
  LiveOrdersPlugin,
  ContentPlugin,
  CartGuardsPlugin,
  InputBoundaryPlugin,
  /* others add their plugin here */
];
