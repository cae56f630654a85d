import { defineConfig } from 'vitest/config'

const server = {
  environment: 'node',
  include: ['sync-server/**/*.test.ts', 'contract/**/*.test.ts', 'locales/**/*.test.ts', 'bench/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

// Projects: the server and contract in Node, the PWA's units in a DOM. e2e runs under Playwright.
// With DEHIEU_TEST_ENGINE=postgres (`npm run test:server:pg [-- files]`) the server suite runs as
// server-postgres instead: every test server on PostgreSQL (one throwaway server for the run, a
// database per test server). Not part of `npm test` until every repository is on Kysely (issue 16).
const onPostgres = process.env.DEHIEU_TEST_ENGINE === 'postgres'

export default defineConfig({
  test: {
    projects: [
      onPostgres
        ? {
            test: {
              name: 'server-postgres',
              ...server,
              include: ['sync-server/**/*.test.ts'],
              globalSetup: ['sync-server/test-support/postgres-global-setup.ts'],
            },
          }
        : { test: { name: 'server', ...server } },
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
