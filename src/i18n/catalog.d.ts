// The Lingui Vite plugin compiles `.po` catalogs on import (vite.config.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
