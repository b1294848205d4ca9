import { describe, expect, it } from 'vitest';
import { inspectorModeOf } from '../../../../src/app/browser-actors';

describe('inspectorModeOf', () => {
  it.each([
    ['', undefined, null],
    ['?q=shoes', undefined, null],
    ['?inspect', undefined, 'local'],
    ['?inspect=1', undefined, 'local'],
    ['?inspect=stately', undefined, 'stately'],
    ['', '1', 'local'],
    ['', 'stately', 'stately'],
    ['', '', null],
    ['?inspect=stately', '1', 'stately'],
    ['?inspect', 'stately', 'local'],
  ] as const)('%j with VITE_INSPECT=%j → %j', (search, env, mode) => expect(inspectorModeOf(search, env)).toBe(mode));
});
