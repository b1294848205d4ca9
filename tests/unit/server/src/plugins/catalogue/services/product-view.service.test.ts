// @vitest-environment node
import type { RequestContext } from '@vendure/core';
import { describe, expect, it } from 'vitest';

import { VIEW_THROTTLE_MAX_KEYS, VIEW_THROTTLE_MS } from '../../../../../../../server/src/plugins/catalogue/constants';
import { ProductViewService } from '../../../../../../../server/src/plugins/catalogue/services/product-view.service';

/**
 * The view throttle is the one long-lived map of ours that grows with visitors (one key per
 * session and product); the shopper bench makes a new session every visit. It must stay bounded.
 */
function service() {
  let updates = 0;
  // the query builder chain of record(): every call returns the builder, execute() an update result
  const builder: object = new Proxy(
    {},
    { get: (_t, prop) => (prop === 'execute' ? async () => (updates++, { affected: 1 }) : () => builder) },
  );
  const connection = { getRepository: () => ({ createQueryBuilder: () => builder }) };
  const productQuery = { ref: () => 'product.column' };
  const index = { recordView: () => undefined };
  const svc = new ProductViewService(connection as never, productQuery as never, index as never);
  return {
    svc,
    updates: () => updates,
    size: () => (svc as unknown as { lastCounted: Map<string, number> }).lastCounted.size,
  };
}
const ctx = (token: string) => ({ session: { token }, req: {} }) as unknown as RequestContext;

describe('ProductViewService throttle', () => {
  it('counts a viewer once per product within the window, again after it', async () => {
    const { svc, updates } = service();
    expect(await svc.record(ctx('a'), 1, 0)).toBe(true);
    expect(await svc.record(ctx('a'), 1, VIEW_THROTTLE_MS - 1)).toBe(false);
    expect(await svc.record(ctx('a'), 2, 1)).toBe(true);
    expect(await svc.record(ctx('a'), 1, VIEW_THROTTLE_MS + 1)).toBe(true);
    expect(updates()).toBe(3);
  });

  it(`keeps at most ${VIEW_THROTTLE_MAX_KEYS} keys however many sessions view, dropping the oldest`, async () => {
    const { svc, size } = service();
    const sessions = VIEW_THROTTLE_MAX_KEYS + 25_000;
    for (let i = 0; i < sessions; i++) await svc.record(ctx(`s${i}`), 1, i);
    expect(size()).toBeLessThanOrEqual(VIEW_THROTTLE_MAX_KEYS);
    // the newest viewer is still throttled, the oldest was forgotten
    expect(await svc.record(ctx(`s${sessions - 1}`), 1, sessions)).toBe(false);
    expect(await svc.record(ctx('s0'), 1, sessions)).toBe(true);
  });
});
