import type * as Jose from 'jose/dist/types/index';

/**
 * jose 6 is ESM-only. The server compiles to CommonJS with node10 module resolution (which
 * ignores package `exports`), so the types come from their file path and the module is loaded
 * with a dynamic import: tsc turns it into require(), which Node >= 22.12 resolves for ESM
 * (require(esm)); vitest loads it natively.
 */
let loaded: Promise<typeof Jose> | undefined;
const specifier: string = 'jose';

export function loadJose(): Promise<typeof Jose> {
  loaded ??= import(specifier) as Promise<typeof Jose>;
  return loaded;
}

export type { Jose };
