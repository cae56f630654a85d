/**
 * react-i18next imports useSyncExternalStore from `use-sync-external-store/shim`, a polyfill for
 * React versions before 18 (a CommonJS module plus the interop code to load it). React 19 has the hook
 * itself, which is all the shim hands out there, so the build points that import here (vite.config.ts).
 */
export { useSyncExternalStore } from 'react'
