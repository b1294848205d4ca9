// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { ModuleRef } from '@nestjs/core';
import type { CollectionModificationEvent, EventBus, ID } from '@vendure/core';
import { Subject } from 'rxjs';

import { chunkIds, CollectionIndexService } from '../../../../../../../server/src/plugins/catalogue/services/collection-index.service';

describe('chunkIds', () => {
  it('splits ids into jobs of at most 50 (what Vendure 3.7 indexes per update-variants-by-id job)', () => {
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    const chunks = chunkIds(ids);
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 20]);
    expect(chunks[0][0]).toBe(1);
    expect(chunks[2][19]).toBe(120);
  });

  it('drops repeated ids, whatever their type', () => {
    expect(chunkIds([1, '1', 2, 2, '3'], 2)).toEqual([[1, 2], ['3']]);
  });

  it('makes no job for no ids', () => {
    expect(chunkIds([])).toEqual([]);
  });
});

describe('CollectionIndexService', () => {
  /** Two collection changes at once, an indexer that takes a while per job, and what it saw. */
  function setUp(failOn?: ID) {
    const events = new Subject<CollectionModificationEvent>();
    const calls: string[] = [];
    let running = 0;
    let overlapped = false;
    const indexer = {
      updateVariantsById: async (_ctx: unknown, ids: ID[]) => {
        if (failOn !== undefined && ids.includes(failOn)) throw new Error('index job insert failed');
        running++;
        overlapped ||= running > 1;
        await new Promise((r) => setTimeout(r, 5));
        calls.push(`${ids[0]}-${ids[ids.length - 1]}`);
        running--;
      },
    };
    const service = new CollectionIndexService(
      { ofType: () => events.asObservable() } as unknown as EventBus,
      { get: () => indexer } as unknown as ModuleRef,
    );
    service.onApplicationBootstrap();
    const change = (id: number, variantIds: number[]) =>
      events.next({ ctx: {}, collection: { id }, productVariantIds: variantIds } as unknown as CollectionModificationEvent);
    return { service, change, calls, overlapped: () => overlapped };
  }

  it("queues every change's jobs one after another, across changes, and settles once all are queued", async () => {
    const { service, change, calls, overlapped } = setUp();
    change(
      1,
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    change(2, [101, 102]);
    await service.settled();
    expect(calls).toEqual(['1-50', '51-60', '101-102']);
    expect(overlapped()).toBe(false);
    service.onModuleDestroy();
  });

  it("a failed job does not stop the next change's jobs", async () => {
    const { service, change, calls } = setUp(5);
    change(3, [5, 6]);
    change(4, [7]);
    await service.settled();
    expect(calls).toEqual(['7-7']);
    service.onModuleDestroy();
  });
});
