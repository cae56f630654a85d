import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * The secret that keys code hashes and media grants. Taken from APP_SECRET when set; otherwise
 * generated once into the data folder (mode 0600) so it survives restarts and travels with the backup.
 * Several processes may start at once on one DATA_DIR: each writes its candidate whole to a temp name
 * and `link`s it into place, which fails if the file exists. One wins; the others read the winner's,
 * never a file half-written, and all of them sign with the same key.
 */
export function loadAppSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, 'app-secret')
  const existing = readSecret(file)
  if (existing) return existing
  fs.mkdirSync(dataDir, { recursive: true })
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const secret = randomBytes(48).toString('base64url')
  fs.writeFileSync(candidate, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  try {
    fs.linkSync(candidate, file)
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readSecret(file) ?? failRead(file)
  } finally {
    fs.rmSync(candidate, { force: true })
  }
}

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return undefined
  }
}

function failRead(file: string): never {
  throw new Error(`${file} exists but is empty: delete it or set APP_SECRET`)
}
