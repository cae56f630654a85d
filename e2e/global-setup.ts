/** Builds the app once for the whole run (E2E_SKIP_BUILD=1 reuses an existing dist/pwa). */
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default function globalSetup() {
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'dist/pwa/index.html'))) return
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}
