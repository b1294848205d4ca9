import { assign, fromPromise, setup } from 'xstate';
import { localizeHref, type Locale } from './lib/locale-path';

export type { Locale };

export interface LocaleInput {
  locale: Locale;
  /** Spec §4/§9: the locale cookie is written only when cookie use is enabled. */
  cookieEnabled: boolean;
}

export interface LocaleContext {
  locale: Locale;
  cookieEnabled: boolean;
  /** Where the pending switch goes (the same page under the other locale). */
  targetHref: string | null;
  pending: Locale | null;
}

export type LocaleEvent =
  /** `href` is the current same-origin path + query (+ hash). */
  | { type: 'locale.switch'; to: Locale; href: string }
  /** The route prefix changed by other means (back button, a link): follow it. */
  | { type: 'locale.routeChanged'; locale: Locale };

// Parameterised references to the named side effects (the config names them, the root implements them).
const persist = { type: 'persistCookie', params: ({ context }: { context: LocaleContext }) => ({ locale: context.locale }) } as const;
const goToTarget = {
  type: 'navigate',
  params: ({ context }: { context: LocaleContext }) => ({ href: context.targetHref ?? '/' }),
} as const;

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
  },
  actors: {
    // Lazily imports and activates the catalog of that locale.
    loadCatalog: fromPromise<void, { locale: Locale }>(async () => {
      throw new Error('loadCatalog is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // Side effects implemented by the composition root.
    persistCookie: (_, _params: { locale: Locale }) => {},
    navigate: (_, _params: { href: string }) => {},
    beginSwitch: assign(({ event }) =>
      event.type === 'locale.switch' ? { pending: event.to, targetHref: localizeHref(event.href, event.to) } : {},
    ),
    commitSwitch: assign(({ context }) => ({
      locale: context.pending ?? context.locale,
      pending: null,
    })),
    followRoute: assign(({ event }) => (event.type === 'locale.routeChanged' ? { locale: event.locale } : {})),
    clearTarget: assign({ targetHref: null }),
  },
  guards: {
    isOtherLocale: ({ context, event }) => event.type === 'locale.switch' && event.to !== context.locale,
    isCookieEnabled: ({ context }) => context.cookieEnabled,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({
    locale: input.locale,
    cookieEnabled: input.cookieEnabled,
    targetHref: null,
    pending: null,
  }),
  initial: 'ready',
  on: {
    'locale.routeChanged': { actions: 'followRoute' },
  },
  states: {
    ready: {
      on: {
        'locale.switch': { guard: 'isOtherLocale', target: 'switching', actions: 'beginSwitch' },
      },
    },
    // Spec §4: the messages load lazily, then the shopper lands on the same page in the new locale.
    switching: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.pending ?? context.locale }),
        onDone: [
          { guard: 'isCookieEnabled', target: 'ready', actions: ['commitSwitch', persist, goToTarget, 'clearTarget'] },
          { target: 'ready', actions: ['commitSwitch', goToTarget, 'clearTarget'] },
        ],
        // The target page is server-rendered with its own messages, so a failed prefetch must
        // not trap the shopper in the old language.
        onError: [
          { guard: 'isCookieEnabled', target: 'ready', actions: ['commitSwitch', persist, goToTarget, 'clearTarget'] },
          { target: 'ready', actions: ['commitSwitch', goToTarget, 'clearTarget'] },
        ],
      },
    },
  },
});
