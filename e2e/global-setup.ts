/**
 * Builds the app once for the whole run, into a folder of its own (dist/e2e-<time>), so another build
 * of dist/pwa running at the same moment cannot pull files out from under the tests. The folder is
 * handed to the tests in E2E_PWA_DIST and removed at the end. E2E_SKIP_BUILD=1 serves dist/pwa as built.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'dist/pwa/index.html'))) {
    process.env.E2E_PWA_DIST = path.join(root, 'dist/pwa')
    return undefined
  }
  const outDir = path.join(root, 'dist', `e2e-${Date.now().toString(36)}-${process.pid}`)
  await build({ configFile: path.join(root, 'pwa/vite.config.ts'), logLevel: 'warn', build: { outDir } })
  process.env.E2E_PWA_DIST = outDir
  return () => fs.rmSync(outDir, { recursive: true, force: true })
}
