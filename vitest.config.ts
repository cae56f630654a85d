import { defineConfig } from 'vitest/config'

// Two projects: the server and contract in Node, the PWA's units in a DOM. e2e runs under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['sync-server/**/*.test.ts', 'contract/**/*.test.ts', 'locales/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pwa',
          environment: 'happy-dom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
    ],
  },
})
