/**
 * The production logger batches its writes: a line still reaches the log by itself soon after (a person
 * tailing it sees it), a crash writes what was waiting, and codes and tokens are redacted.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-logger-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')

describe('createLogger', () => {
  it('writes a lone line without more lines behind it, with tokens and codes redacted', async () => {
    const file = path.join(dir, 'quiet.log')
    const logger = createLogger('info', file)
    logger.info({ token: 'secret-token', code: '123456', path: '/api/v1/me' }, 'request')
    await expect.poll(() => read(file), { timeout: 5_000 }).toContain('"path":"/api/v1/me"')
    expect(read(file)).not.toMatch(/secret-token|123456/)
    expect(read(file)).toContain('[redacted]')
  })

  it('writes what was waiting to standard output when the process crashes', async () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url))
    const script = `import { createLogger } from ${JSON.stringify(logger)}
const log = createLogger('info')
for (let i = 0; i < 3; i++) log.info({ i }, 'before the crash')
setImmediate(() => { throw new Error('boom') })`
    const entry = path.join(dir, 'crash.mts')
    fs.writeFileSync(entry, script)
    const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry]).then(
      () => ({ stdout: '', stderr: 'it did not crash' }),
      (error: { stdout: string; stderr: string }) => error,
    )
    expect(outcome.stderr).toContain('boom')
    expect(outcome.stdout.trim().split('\n').map((line) => JSON.parse(line).msg)).toEqual(['before the crash', 'before the crash', 'before the crash'])
  })
})
