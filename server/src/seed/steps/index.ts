import { SeedStep } from '../types';

import { catalogueStep } from './catalogue';
import { contentStep } from './content.step';
import { demoCustomerStep } from './demo-customer';
import { ownerRoleStep } from './owner-role';
import { paymentsStep } from './payments.step';
import { promotionsStep } from './promotions';
import { reviewsStep } from './reviews.step';
import { storeSetupStep } from './store-setup';

/**
 * The seed, in order. Used by `npm run seed`, by run-server.mjs on a fresh DATA_DIR and by
 * createStoreTestEnv() (tests/server/helpers/test-env.ts) with a small size.
 * Other developers append their step modules (content, reviews, payments ...) — a step is
 * `{ name, run(seed: SeedContext) }` (server/src/seed/types.ts).
 */
export const seedSteps: SeedStep[] = [
  storeSetupStep,
  catalogueStep,
  promotionsStep,
  demoCustomerStep,
  reviewsStep,
  paymentsStep,
  contentStep,
  ownerRoleStep,
  /* others add their steps here */
];
