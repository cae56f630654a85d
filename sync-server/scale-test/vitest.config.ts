/**
 * `npm run test:scale`: the scale-out tests on their own (sync-server/scale-test/scale.spec.ts, and
 * scale-s3.spec.ts with media in a throwaway Ceph bucket), outside `npm test`: each starts PostgreSQL,
 * nginx and five Node processes and takes a minute or two.
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
