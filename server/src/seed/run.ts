import { INestApplicationContext } from '@nestjs/common';
import {
    ChannelService,
    Injector,
    LanguageCode,
    RequestContext,
    RequestContextService,
} from '@vendure/core';
import { ModuleRef } from '@nestjs/core';

import { waitForJobQueue } from './jobs';
import { seedSteps } from './steps';
import { SeedContext, SeedGenerated, SeedSize, SeedStep } from './types';

export const DEFAULT_SEED_SIZE: SeedSize = { products: 72, images: 'unique', small: false };
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

/** Runs the seed steps against a bootstrapped Vendure app (server or worker) on an empty database. */
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
    const t = Date.now();
    await waitForJobQueue(app, options.jobQueueTimeoutMs);
    log(`job queue drained in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return seed;
}

export { waitForJobQueue };
