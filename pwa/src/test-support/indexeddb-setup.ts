// The PWA's unit tests run against an in-memory IndexedDB (vitest.config.ts names this file).
import 'fake-indexeddb/auto'
