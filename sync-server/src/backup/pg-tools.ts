/**
 * pg_dump and pg_restore for backups: the newest installed under /usr/lib/postgresql/N/bin (Debian's
 * layout; pg_dump must be as new as the server), else PG_BIN_DIR, else PATH. The password leaves the URL
 * and travels in PGPASSWORD, so it is never in the process list.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export class ToolMissing extends Error {}

export function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN_DIR) return path.join(env.PG_BIN_DIR, name)
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((version) => fs.existsSync(path.join(root, version, 'bin', name))).sort((a, b) => Number(b) - Number(a))
    : []
  if (versions[0]) return path.join(root, versions[0], 'bin', name)
  const onPath = (env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file))
  if (onPath) return onPath
  throw new ToolMissing(`${name} was not found (install PostgreSQL's client programs, e.g. Debian's postgresql-client, or set PG_BIN_DIR)`)
}

/** The URL without its password, and the environment that carries it instead. */
export function connectionFor(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { url: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } }
}

export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} failed: ${stderr.trim() || error.message}`))
      else resolve()
    })
  })
}
