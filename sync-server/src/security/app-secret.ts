import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * The secret that keys code hashes (and later media grants). Taken from APP_SECRET when set; otherwise
 * generated once into the data folder (mode 0600) so it survives restarts and travels with the backup.
 */
export function loadAppSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, 'app-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  return secret
}
