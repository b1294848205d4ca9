import { expect, test } from 'vitest';
import { missingPlatformEntries, platformOf } from './lock-platform-entries.mjs';

test('platform from the package name', () => {
  expect(platformOf('@swc/core-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
  expect(platformOf('@rolldown/binding-linux-x64-musl')).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['musl'] });
  expect(platformOf('@swc/core-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['glibc'] });
  expect(platformOf('@rolldown/binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
  expect(platformOf('fsevents')).toEqual({});
});

test('adds missing platform binaries where npm would place them, next to versions that block hoisting', () => {
  const lock = {
    packages: {
      '': { devDependencies: { tool: '1.0.0', vite: '8.0.0' } },
      'node_modules/tool': {
        version: '1.0.0',
        dev: true,
        optionalDependencies: { 'tool-darwin-x64': '2.0.0', 'tool-linux-x64-gnu': '2.0.0', fsevents: '2.3.3' },
      },
      'node_modules/tool-linux-x64-gnu': { version: '2.0.0', dev: true, optional: true, os: ['linux'], cpu: ['x64'] },
      'node_modules/vite': { version: '8.0.0', dev: true },
      'node_modules/vite/node_modules/tool': { version: '1.5.0', dev: true, optionalDependencies: { 'tool-darwin-x64': '1.5.0' } },
    },
  };
  const first = missingPlatformEntries(lock);
  expect(first).toEqual([
    ['node_modules/tool-darwin-x64', { version: '2.0.0', dev: true, optional: true, os: ['darwin'], cpu: ['x64'] }],
    ['node_modules/vite/node_modules/tool-darwin-x64', { version: '1.5.0', dev: true, optional: true, os: ['darwin'], cpu: ['x64'] }],
  ]);
  for (const [loc, entry] of first) lock.packages[loc] = entry;
  expect(missingPlatformEntries(lock)).toEqual([]); // idempotent
});
