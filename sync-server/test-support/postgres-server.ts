/**
 * A throwaway PostgreSQL for tests: initdb in a temp folder, started on a free port on 127.0.0.1 with
 * its unix socket in that folder, fsync off (tests only; benchmarks pass `durability: 'default'` and
 * keep PostgreSQL's own settings, see bench/lib/postgres.ts), stopped and removed at the end. As root,
 * initdb refuses to run, so the server runs as the `postgres` user.
 *
 * One server per vitest run in the server-postgres project (`postgres-global-setup.ts`), one database
 * per test file or test server (`createDatabase`); see `test-databases.ts` for the helpers tests use.
 * No vitest import here: Playwright loads this file through test-server.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres: a superuser on the maintenance database. */
  adminUrl: string
  stop(): void
}

export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return undefined
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  return versions.length ? path.join(root, versions.at(-1)!, 'bin') : undefined
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface StartOptions {
  /**
   * 'test' (the default): fsync, full_page_writes and synchronous_commit off, fast and unsafe.
   * 'default': PostgreSQL's own settings (every commit flushed to disk), for benchmarks.
   */
  durability?: 'test' | 'default'
}

export async function startPostgres(options: StartOptions = {}): Promise<PostgresServer> {
  const durable = options.durability === 'default'
  const bin = postgresBinDir()
  if (!bin) throw new Error("PostgreSQL's binaries are missing: install Debian's postgresql package (.ci/run does).")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-pg-'))
  const asRoot = process.getuid?.() === 0
  // initdb refuses to run as root: hand the folder to the postgres user and run as it.
  if (asRoot) execFileSync('chown', ['postgres', dir])
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args]
    const result = spawnSync(file, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`)
  }
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', ...(durable ? [] : ['--no-sync']), '-E', 'UTF8', '--locale=C.UTF-8'])
  const unsafe = durable ? '' : ' -c fsync=off -c full_page_writes=off -c synchronous_commit=off'
  let port: number
  for (let attempt = 0; ; attempt++) {
    port = await freePort()
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${unsafe} -c max_connections=200`
    try {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', serverOptions, 'start'])
      break
    } catch (error) {
      // Another process may have taken the port between our probe and the start.
      if (attempt === 2) throw error
    }
  }
  let stopped = false
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** A fresh, empty database on the test server; `drop()` removes it (connections closed first). */
export async function createDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: () => dropDatabase(adminUrl, name),
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } finally {
    await client.end()
  }
}
