import { describe, expect, it } from 'vitest';
import { HERO_FIRST_STARTER, heroFirstScripts } from '../../../src/entry.server';

async function run(chunks: Buffer[]): Promise<string> {
  const t = heroFirstScripts();
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
