import { describe, expect, it, vi } from 'vitest';
import { HERO_FIRST_STARTER, heroFirstScripts, heroFirstStarter } from '../../../src/entry.server';
import { catalogPartsScript } from '../../../src/i18n/catalog-usage.server';

async function run(chunks: Buffer[], nonce?: string, beforeBodyEnd?: () => string): Promise<string> {
  const t = heroFirstScripts(beforeBodyEnd, nonce);
  const out: Buffer[] = [];
  t.on('data', (c: Buffer | string) => out.push(Buffer.from(c)));
  const done = new Promise((resolve) => t.on('end', resolve));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

const html =
  '<head><link rel="modulepreload" href="/_app/a.js"/><link rel="stylesheet" href="/_app/a.css"/></head>' +
  '<body><p>مرحبا بكم في المتجر</p><img fetchpriority="high" src="/hero.webp"/>' +
  '<script>window.__ctx = 1</script><script type="module" async="">import "/_app/entry.js";</script>' +
  '<link rel="modulepreload" href="/_app/b.js"/></body></html><script>late()</script>';
const expected =
  '<head><link data-deferred-rel="modulepreload" href="/_app/a.js"/><link rel="stylesheet" href="/_app/a.css"/></head>' +
  '<body><p>مرحبا بكم في المتجر</p><img fetchpriority="high" src="/hero.webp"/>' +
  '<script>window.__ctx = 1</script><script type="text/x-deferred-module" data-deferred-module="">import "/_app/entry.js";</script>' +
  `<link data-deferred-rel="modulepreload" href="/_app/b.js"/>${HERO_FIRST_STARTER}</body></html><script>late()</script>`;

describe('heroFirstScripts', () => {
  it('makes the preloads and the module script inert, adds the starter once before </body>, leaves the rest', async () => {
    expect(await run([Buffer.from(html)])).toBe(expected);
  });

  it('handles tags and Arabic characters split across chunks at every position', async () => {
    const bytes = Buffer.from(html);
    for (let i = 1; i < bytes.length; i++) {
      expect(await run([bytes.subarray(0, i), bytes.subarray(i)])).toBe(expected);
    }
  });

  it('still writes the starter when the document has no </body>', async () => {
    const out = await run([Buffer.from('<p>x</p><script type="module" async="">import "/e.js";</script>')]);
    expect(out.endsWith(HERO_FIRST_STARTER)).toBe(true);
    expect(out).not.toContain('<script type="module"');
  });
});

describe('HERO_FIRST_STARTER in a page', () => {
  /** Runs the starter's code against the current document (happy-dom). */
  function runStarter() {
    const code = HERO_FIRST_STARTER.replace(/^<script>/, '').replace(/<\/script>$/, '');
    new Function(code)();
  }

  function page(withHero: boolean) {
    document.head.innerHTML = '<link data-deferred-rel="modulepreload" href="/_app/a.js">';
    document.body.innerHTML =
      (withHero ? '<img fetchpriority="high" alt="">' : '<p>text</p>') +
      '<script type="text/x-deferred-module" data-deferred-module="">/* the entry */</script>';
  }

  const started = () => ({
    preloads: document.head.querySelectorAll('link[rel="modulepreload"][href="/_app/a.js"]').length,
    modules: document.querySelectorAll('script[type="module"]').length,
    inert: document.querySelectorAll('script[data-deferred-module]').length,
  });

  it('starts after the first paint on a page without a first image', async () => {
    page(false);
    runStarter();
    expect(started()).toEqual({ preloads: 0, modules: 0, inert: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started()).toEqual({ preloads: 1, modules: 1, inert: 0 });
  });

  it('waits for the first image, then starts once (a tap and the image load do not start twice)', async () => {
    page(true);
    const hero = document.querySelector('img')!;
    Object.defineProperty(hero, 'complete', { value: false });
    runStarter();
    expect(started()).toEqual({ preloads: 0, modules: 0, inert: 1 });
    hero.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started()).toEqual({ preloads: 1, modules: 1, inert: 0 });
    window.dispatchEvent(new Event('pointerdown'));
    expect(started()).toEqual({ preloads: 1, modules: 1, inert: 0 });
  });

  it('starts on the first key press even while the image is still loading', () => {
    page(true);
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
    runStarter();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(started()).toEqual({ preloads: 1, modules: 1, inert: 0 });
  });
});

describe('nonces (production renders, decision 013)', () => {
  const NONCE = 'cspPlaceholderForTests_0';
  // React Router writes the nonce before the type of its module script
  const nonced =
    `<head><link rel="modulepreload" href="/_app/a.js" nonce="${NONCE}"/></head><body><img fetchpriority="high" src="/hero.webp"/>` +
    `<script nonce="${NONCE}">window.__ctx = 1</script><script nonce="${NONCE}" type="module" async="">import "/_app/entry.js";</script></body></html>`;

  it('defers the nonced module script and writes the catalog parts and the starter with the nonce', async () => {
    const out = await run([Buffer.from(nonced)], NONCE, () => catalogPartsScript([], NONCE));
    expect(out).toBe(
      `<head><link data-deferred-rel="modulepreload" href="/_app/a.js" nonce="${NONCE}"/></head><body><img fetchpriority="high" src="/hero.webp"/>` +
        `<script nonce="${NONCE}">window.__ctx = 1</script><script nonce="${NONCE}" type="text/x-deferred-module" data-deferred-module="">import "/_app/entry.js";</script>` +
        `<script nonce="${NONCE}">self.__catalogParts=["core"]</script>${heroFirstStarter(NONCE)}</body></html>`,
    );
    expect(heroFirstStarter(NONCE).startsWith(`<script nonce="${NONCE}">(()=>{`)).toBe(true);
  });

  it('finds the nonced module script split across chunks at every position', async () => {
    const bytes = Buffer.from(nonced);
    const expected = await run([bytes], NONCE);
    expect(expected).toContain('data-deferred-module');
    for (let i = 1; i < bytes.length; i++) expect(await run([bytes.subarray(0, i), bytes.subarray(i)], NONCE)).toBe(expected);
  });

  it('the starter hands the nonce of the inert script to the module script it creates', async () => {
    document.head.innerHTML = '';
    document.body.innerHTML = `<script nonce="${NONCE}" type="text/x-deferred-module" data-deferred-module="">/* entry */</script>`;
    // browsers hide the nonce attribute from scripts but keep the property (happy-dom has neither)
    Object.defineProperty(document.querySelector('script[data-deferred-module]')!, 'nonce', { value: NONCE });
    const code = heroFirstStarter(NONCE)
      .replace(/^<script[^>]*>/, '')
      .replace(/<\/script>$/, '');
    new Function(code)();
    // the starter defers to the next task (longer on a busy machine): wait for the script, not a fixed time
    const module = await vi.waitFor(
      () => {
        const created = document.querySelector<HTMLScriptElement>('script[type="module"]');
        if (!created) throw new Error('no module script yet');
        return created;
      },
      { timeout: 3000, interval: 20 },
    );
    expect(module.nonce).toBe(NONCE);
  });

  it('writes no nonce attribute without one (development) and drops characters a nonce cannot have', () => {
    expect(heroFirstStarter()).toBe(HERO_FIRST_STARTER);
    expect(HERO_FIRST_STARTER.startsWith('<script>')).toBe(true);
    expect(heroFirstStarter('a"><b')).toMatch(/^<script nonce="ab">/);
    expect(catalogPartsScript([])).toBe('<script>self.__catalogParts=["core"]</script>');
    expect(catalogPartsScript([], 'a"b')).toBe('<script>self.__catalogParts=["core"]</script>');
  });
});
