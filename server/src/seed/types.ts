import { INestApplicationContext } from '@nestjs/common';
import { ID, Injector, RequestContext } from '@vendure/core';

/** How big a catalogue to generate. */
export interface SeedSize {
  /** number of generated products (default: one per photograph, 54; tests use 12; benchmarks e.g. 10000) */
  products: number;
  /**
   * 'unique': a photograph and a close-up stored per product (default);
   * 'pool': one pair of assets per photograph, shared — used for big benchmark catalogues.
   */
  images: 'unique' | 'pool';
  /** true for the small catalogue of the e2e tests: steps may make fewer extras. */
  small: boolean;
}

/** Ids produced by the steps, for the steps that follow (content, reviews, payments ...). */
export interface SeedGenerated {
  productIds: ID[];
  variantIds: ID[];
  /** facet value ids by `<facetCode>:<valueCode>`, e.g. `category:electronics`, `brand:sadeem`, `color:red` */
  facetValueIds: Record<string, ID>;
  customerIds: ID[];
  /** the verified demo customer (customer@example.com) */
  demoCustomerId?: ID;
  /** placed (PaymentSettled) orders of the demo customer */
  demoOrderIds: ID[];
  shippingMethodIds: Record<string, ID>;
  promotionIds: Record<string, ID>;
  /** anything else a step wants to share */
  extra: Record<string, unknown>;
}

export interface SeedContext {
  app: INestApplicationContext;
  injector: Injector;
  /** Admin-API RequestContext for the default channel (language en; refreshed after store setup). */
  ctx: RequestContext;
  /** Re-create `ctx` (e.g. after the channel settings changed). */
  refreshCtx(): Promise<RequestContext>;
  dataDir: string;
  size: SeedSize;
  generated: SeedGenerated;
  log(message: string): void;
}

export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
