import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { DEFAULT_HEAP_MB, heapLimitArgs } from '../../server/scripts/lib.mjs';

describe('heapLimitArgs (Vendure processes of npm start and the scaled topology)', () => {
  test('bounds the old generation at 768 MB by default', () => {
    expect(DEFAULT_HEAP_MB).toBe(768);
    expect(heapLimitArgs({})).toEqual(['--max-old-space-size=768']);
    expect(heapLimitArgs({ VENDURE_HEAP_MB: ' ' })).toEqual(['--max-old-space-size=768']);
  });

  test('VENDURE_HEAP_MB sets another limit or none; NODE_OPTIONS wins over both', () => {
    expect(heapLimitArgs({ VENDURE_HEAP_MB: '1536' })).toEqual(['--max-old-space-size=1536']);
    expect(heapLimitArgs({ VENDURE_HEAP_MB: '0' })).toEqual([]);
    expect(heapLimitArgs({ VENDURE_HEAP_MB: '512', NODE_OPTIONS: '--enable-source-maps --max-old-space-size=2048' })).toEqual([]);
  });

  test('refuses a value that is no limit a server could run with', () => {
    for (const bad of ['abc', '-1', '64', '512.5', '1e3x']) {
      expect(() => heapLimitArgs({ VENDURE_HEAP_MB: bad }), bad).toThrow(/VENDURE_HEAP_MB/);
    }
  });

  test('the flag is one Node takes: the heap limit it reports follows it', () => {
    const [flag] = heapLimitArgs({ VENDURE_HEAP_MB: '300' });
    const r = spawnSync(process.execPath, [flag, '-p', "require('v8').getHeapStatistics().heap_size_limit / 1048576"], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const limit = Number(r.stdout.trim());
    expect(limit).toBeGreaterThanOrEqual(300);
    expect(limit).toBeLessThan(400); // the old generation's 300 MB and the young generation's semi-spaces
  });
});
