import { INestApplicationContext } from '@nestjs/common';
import { ChannelService, Injector, LanguageCode, RequestContext, RequestContextService, SearchService } from '@vendure/core';
import { ModuleRef } from '@nestjs/core';

import { PHOTOGRAPHED_PRODUCTS } from './catalogue/generate';
import { cancelPendingJobs, removeSettledJobs, waitForJobQueue } from './jobs';
import { seedSteps } from './steps';
import { SeedContext, SeedGenerated, SeedSize, SeedStep } from './types';

/** The shop: one product per photograph (54). */
export const DEFAULT_SEED_SIZE: SeedSize = { products: PHOTOGRAPHED_PRODUCTS, images: 'unique', small: false };
export const TEST_SEED_SIZE: SeedSize = { products: 12, images: 'unique', small: true };

export interface RunSeedOptions {
  dataDir: string;
  size?: Partial<SeedSize>;
  steps?: SeedStep[];
  log?: (message: string) => void;
  /** max wait for the job queue to drain at the end (ms) */
  jobQueueTimeoutMs?: number;
}

async function adminCtx(app: INestApplicationContext): Promise<RequestContext> {
  const channel = await app.get(ChannelService).getDefaultChannel();
  return app.get(RequestContextService).create({ apiType: 'admin', channelOrToken: channel, languageCode: LanguageCode.en });
}

export function emptyGenerated(): SeedGenerated {
  return {
    productIds: [],
    variantIds: [],
    facetValueIds: {},
    customerIds: [],
    demoOrderIds: [],
    shippingMethodIds: {},
    promotionIds: {},
    extra: {},
  };
}

/**
 * Runs the seed steps against a bootstrapped Vendure app (server or worker) on an empty database,
 * then rebuilds the search index and waits for the job queue to drain.
 */
export async function runSeed(app: INestApplicationContext, options: RunSeedOptions): Promise<SeedContext> {
  const log = options.log ?? ((m: string) => console.log(`[seed] ${m}`)); // eslint-disable-line no-console
  const seed: SeedContext = {
    app,
    injector: new Injector(app.get(ModuleRef)),
    ctx: await adminCtx(app),
    refreshCtx: async () => (seed.ctx = await adminCtx(app)),
    dataDir: options.dataDir,
    size: { ...DEFAULT_SEED_SIZE, ...options.size },
    generated: emptyGenerated(),
    log,
  };
  for (const step of options.steps ?? seedSteps) {
    const t = Date.now();
    await step.run(seed);
    log(`step ${step.name} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  // One full search reindex at the end: the bulk import and the seeded orders queued per-variant
  // index jobs (stock movements) that the reindex supersedes.
  const t = Date.now();
  let cancelled = await cancelPendingJobs(app, 'update-search-index');
  // the collections' filter job (catalogue step) first: the reindex reads its result. Only that
  // queue: the index jobs it queues are superseded by the reindex (at 10,000 products they take
  // longer than the reindex).
  await waitForJobQueue(app, options.jobQueueTimeoutMs, 'apply-collection-filters');
  cancelled += await cancelPendingJobs(app, 'update-search-index');
  // thousands of settled job rows make every poll of the SQL job queue slow (also the server's)
  let removed = await removeSettledJobs(app);
  await app.get(SearchService).reindex(seed.ctx);
  await waitForJobQueue(app, options.jobQueueTimeoutMs);
  removed += await removeSettledJobs(app);
  log(
    `search index rebuilt (${cancelled} superseded index jobs cancelled, ${removed} settled job records removed), job queue drained in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  return seed;
}

export { waitForJobQueue };
