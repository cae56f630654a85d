/**
 * `npm run test:scale`: the scale-out test on its own (sync-server/scale-test/scale.spec.ts), outside
 * `npm test`: it starts PostgreSQL, nginx and five Node processes and takes about a minute.
 * `.ci/run` runs it when PostgreSQL's binaries and nginx are installed.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  test: {
    name: 'scale',
    environment: 'node',
    include: ['sync-server/scale-test/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
