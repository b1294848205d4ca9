import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { localeMachine, type Locale } from '../../../machines/locale.machine';
import { localeFromPath, localizeHref } from '../../../machines/lib/locale-path';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(input: { locale: Locale; cookieEnabled: boolean }) {
  const loads: Array<{ locale: Locale } & ReturnType<typeof deferred>> = [];
  const persistCookie = vi.fn();
  const navigate = vi.fn();
  const machine = localeMachine.provide({
    actors: {
      loadCatalog: fromPromise<void, { locale: Locale }>(({ input: i }) => {
        const d = deferred();
        loads.push({ locale: i.locale, ...d });
        return d.promise;
      }),
    },
    actions: {
      persistCookie: (_, params) => persistCookie(params),
      navigate: (_, params) => navigate(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, loads, persistCookie, navigate };
}

describe('locale paths', () => {
  it.each([
    ['/', 'en', '/en'],
    ['/products?page=2', 'en', '/en/products?page=2'],
    ['/en', 'ar', '/'],
    ['/en/products/c/shoes?subCategory=run#top', 'ar', '/products/c/shoes?subCategory=run#top'],
    ['/en?x=1', 'ar', '/?x=1'],
    ['/enamel-cups', 'en', '/en/enamel-cups'],
    ['/en/cart', 'en', '/en/cart'],
    ['/cart', 'ar', '/cart'],
  ] as const)('%s under %s is %s', (href, to, expected) => {
    expect(localizeHref(href, to)).toBe(expected);
  });

  it('reads the locale from the route prefix', () => {
    expect(localeFromPath('/en/products')).toBe('en');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/enamel')).toBe('ar');
    expect(localeFromPath('/')).toBe('ar');
  });
});

describe('locale machine', () => {
  it('loads the other catalog lazily, writes the cookie, then navigates to the same page', async () => {
    const { actor, loads, persistCookie, navigate } = start({ locale: 'ar', cookieEnabled: true });

    actor.send({ type: 'locale.switch', to: 'en', href: '/products?page=3' });
    expect(actor.getSnapshot().value).toBe('switching');
    expect(loads.map((l) => l.locale)).toEqual(['en']);
    expect(navigate).not.toHaveBeenCalled();

    loads[0]!.resolve();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));

    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(persistCookie).toHaveBeenCalledWith({ locale: 'en' });
    expect(navigate).toHaveBeenCalledWith({ href: '/en/products?page=3' });
  });

  it('does not write the cookie when cookie use is disabled', async () => {
    const { actor, loads, persistCookie, navigate } = start({ locale: 'en', cookieEnabled: false });

    actor.send({ type: 'locale.switch', to: 'ar', href: '/en/about' });
    loads[0]!.resolve();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/about' }));

    expect(persistCookie).not.toHaveBeenCalled();
  });

  it('still navigates when the catalog fails to load (the server renders the target locale)', async () => {
    const { actor, loads, navigate } = start({ locale: 'ar', cookieEnabled: true });

    actor.send({ type: 'locale.switch', to: 'en', href: '/faqs' });
    loads[0]!.reject(new Error('chunk failed'));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/en/faqs' }));
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('ignores a switch to the current locale', () => {
    const { actor, loads, navigate } = start({ locale: 'ar', cookieEnabled: true });

    actor.send({ type: 'locale.switch', to: 'ar', href: '/' });

    expect(actor.getSnapshot().value).toBe('ready');
    expect(loads).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores a second switch while one is loading', async () => {
    const { actor, loads, navigate } = start({ locale: 'ar', cookieEnabled: true });

    actor.send({ type: 'locale.switch', to: 'en', href: '/a' });
    actor.send({ type: 'locale.switch', to: 'en', href: '/b' });
    loads[0]!.resolve();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));

    expect(loads).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith({ href: '/en/a' });
  });

  it('follows the route prefix when the route changes by other means', () => {
    const { actor } = start({ locale: 'ar', cookieEnabled: true });

    actor.send({ type: 'locale.routeChanged', locale: 'en' });

    expect(actor.getSnapshot().context.locale).toBe('en');
  });
});
