import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

const server = {
  environment: 'node',
  include: ['sync-server/**/*.test.ts', 'contract/**/*.test.ts', 'locales/**/*.test.ts', 'bench/**/*.test.ts', 'lint-rules.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

/**
 * The server suite runs on both engines (issue 16): as `server` on SQLite, and as `server-postgres`
 * with every test server on a database of its own on one throwaway PostgreSQL that the run starts
 * (test-support/postgres-global-setup.ts), or on the server `DATABASE_URL` names. PostgreSQL runs when
 * its binaries are installed (Debian's postgresql package; .ci/run installs it) or DATABASE_URL is set;
 * each project's name in the summary says which engine ran. `npm run test:server:pg [-- files]` runs
 * the PostgreSQL project alone; `DEHIEU_ENGINES=sqlite` skips it.
 */
function postgresAvailable(): boolean {
  if (process.env.DEHIEU_ENGINES === 'sqlite') return false
  if (process.env.DATABASE_URL) return true
  const root = '/usr/lib/postgresql'
  return fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
}
const onlyPostgres = process.env.DEHIEU_TEST_ENGINE === 'postgres'
const withPostgres = onlyPostgres || postgresAvailable()
if (!onlyPostgres) {
  console.log(`Server suite engines: SQLite${withPostgres ? ' and PostgreSQL' : ' only (PostgreSQL binaries not installed)'}`)
}

const postgresProject = {
  test: {
    name: 'server-postgres',
    ...server,
    include: ['sync-server/**/*.test.ts'],
    env: { DEHIEU_TEST_ENGINE: 'postgres' },
    globalSetup: ['sync-server/test-support/postgres-global-setup.ts'],
  },
}

export default defineConfig({
  test: {
    projects: [
      ...(onlyPostgres ? [] : [{ test: { name: 'server', ...server } }]),
      ...(withPostgres ? [postgresProject] : []),
      {
        test: {
          name: 'pwa',
          environment: 'happy-dom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          // A file of ours rather than the package's path: vite serves a setup file by its real path, which
          // for a worktree whose node_modules is a link lies outside the root and is refused.
          setupFiles: ['pwa/src/test-support/indexeddb-setup.ts'],
        },
      },
    ],
  },
})
