// `use-sync-external-store/shim` for React >= 18, which has the hook built in (@lingui/react still
// imports the shim for React 16/17); aliased in vite.config.ts so the browser does not download a
// polyfill it never runs.
export { useSyncExternalStore } from 'react';
