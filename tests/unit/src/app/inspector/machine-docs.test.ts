/**
 * docs/machines/ is generated (`npm run machines:docs`): this fails when a machine changed and its
 * committed page was not regenerated, or a machine was added or removed without it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectMachines, machineDocFiles, type MachineModule } from '../../../../../src/app/inspector/machine-docs';

const root = join(import.meta.dirname, '../../../../..');

async function loadMachines(): Promise<MachineModule[]> {
  const files = readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts'));
  return Promise.all(
    files.map(async (f) => ({
      sourcePath: `machines/${f}`,
      exports: (await import(join(root, 'machines', f))) as Record<string, unknown>,
    })),
  );
}

describe('docs/machines', () => {
  it('holds the current page of every machine and nothing else (regenerate: npm run machines:docs)', async () => {
    const expected = machineDocFiles(await loadMachines());
    const committed = Object.fromEntries(
      readdirSync(join(root, 'docs/machines')).map((f) => [`docs/machines/${f}`, readFileSync(join(root, 'docs/machines', f), 'utf8')]),
    );
    expect(Object.keys(committed).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, content] of Object.entries(expected))
      expect(committed[path], `${path} is stale: run npm run machines:docs`).toBe(content);
  });

  it('covers the machines the app runs (a page per machine, named after its file)', async () => {
    const names = collectMachines(await loadMachines()).map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'auth',
        'cart',
        'catalogue-filters',
        'checkout',
        'contact',
        'locale',
        'review',
        'search',
        'session',
        'shop',
        'sign-out',
        'wishlist',
      ]),
    );
  });

  it('goes stale when a machine changes', async () => {
    const modules = await loadMachines();
    const before = machineDocFiles(modules);
    const search = modules.find((m) => m.sourcePath === 'machines/search.machine.ts')!;
    const { setup } = await import('xstate');
    const changed = setup({}).createMachine({
      id: 'search',
      initial: 'idle',
      states: { idle: { on: { 'search.type': 'typing' } }, typing: {} },
    });
    const after = machineDocFiles(modules.map((m) => (m === search ? { ...m, exports: { searchMachine: changed } } : m)));
    expect(after['docs/machines/search.md']).not.toBe(before['docs/machines/search.md']);
    expect(after['docs/machines/search.md']).toContain('search_idle --> search_typing: search.type');
    expect(after['docs/machines/cart.md']).toBe(before['docs/machines/cart.md']);
  });
});
