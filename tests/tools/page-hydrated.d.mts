/** Runs in the page: true once React has hydrated every element it owns (tests/tools/page-hydrated.mjs). */
export function pageHydrated(): boolean;
