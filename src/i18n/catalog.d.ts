// The Lingui Vite plugin compiles `.po` catalogs on import (vite.config.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// One part of a catalog (src/i18n/catalog-parts.ts), compiled by vite.config.ts.
declare module 'virtual:catalog-parts' {
  import type { Messages } from '@lingui/core';
  import type { CatalogPart } from './catalog-parts';
  /** Message id -> part; filled in the server build only (empty in the browser). */
  export const partOf: Readonly<Record<string, CatalogPart>>;
  export function loadPart(locale: string, part: CatalogPart | 'full'): Promise<{ messages: Messages }>;
}
