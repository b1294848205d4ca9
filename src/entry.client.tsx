import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { preloadErrorPage } from './components/error-page/lazy-error-page';
import { provideAppActors } from './containers/app-actors';
import type { CatalogPart } from './i18n/catalog-parts';
import { loadI18n } from './i18n/i18n';
import { isLocale } from './i18n/locales';
import { localeFromPath } from './i18n/paths';
import { yieldToMain } from './lib/yield-to-main';

// The server rendered <html lang> from the URL, and wrote which parts of that catalog its render
// used (decision 009; none in development: the whole catalog). Load those before hydrating so the
// first client render produces the same text; the rest of the catalog comes when the page is idle.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : localeFromPath(window.location.pathname);
const written = (window as { __catalogParts?: unknown }).__catalogParts;
const parts = Array.isArray(written) && written.every((part) => typeof part === 'string') ? (written as CatalogPart[]) : 'full';

// The composition root hands the views' layer its actors: a chunk of their own, loaded after
// hydration (decision 007); the containers never import app code at runtime (decision 010). Its
// largest state charts are evaluated first, in a task of their own (decision 022).
provideAppActors(() =>
  import('./app/actor-machines')
    .then(yieldToMain)
    .then(() => import('./app/browser-actors'))
    .then((module) => {
      preloadErrorPage(); // not part of any first paint: fetched with the actors (decision 022)
      return module.startBrowserActors;
    }),
);

loadI18n(locale, parts)
  .catch(() => loadI18n(locale))
  // Evaluating the scripts and hydrating are separate tasks: the shopper's first tap is not held.
  .then(yieldToMain)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });

// Production only: the worker never caches pages (public/sw.js), it only serves an offline page and
// caches hashed build files. React Router loads this entry with a dynamic import, so the window
// `load` event may already be over.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
