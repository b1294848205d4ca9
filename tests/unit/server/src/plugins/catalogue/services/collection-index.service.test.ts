// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { chunkIds } from '../../../../../../../server/src/plugins/catalogue/services/collection-index.service';

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
