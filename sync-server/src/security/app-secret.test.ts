/** The generated app secret, made once even when several processes start together on one DATA_DIR. */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { loadAppSecret } from './app-secret.ts'

const run = promisify(execFile)

it('six processes starting at once on an empty DATA_DIR all get the same secret, and the file holds it whole', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-secret-'))
  try {
    const script = `import { loadAppSecret } from ${JSON.stringify(path.resolve(import.meta.dirname, 'app-secret.ts'))}; process.stdout.write(loadAppSecret(${JSON.stringify(dataDir)}, undefined))`
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: import.meta.dirname })),
    )
    const secrets = new Set(outputs.map((output) => output.stdout))
    expect(secrets.size).toBe(1)
    const [secret] = secrets
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(fs.readFileSync(path.join(dataDir, 'app-secret'), 'utf8')).toBe(`${secret}\n`)
    expect(fs.statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600)
    // No temp candidates are left behind, and a later start reads the same one.
    expect(fs.readdirSync(dataDir)).toEqual(['app-secret'])
    expect(loadAppSecret(dataDir, undefined)).toBe(secret)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
