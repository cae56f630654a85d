/**
 * A small real deployment on loopback, for the scale test and `npm run bench -- scale`: a throwaway
 * PostgreSQL, an SMTP capture, API processes (`WORKERS=0`, MEDIA_ACCEL_REDIRECT on) and workers
 * (`npm run worker`) as separate Node processes sharing one DATA_DIR, and nginx (unprivileged, its
 * prefix and temp folders in the run's temp folder) started on deploy/nginx.conf as it is, its four
 * placeholders filled as docs/operations.md says. Each process runs in a process group of its own,
 * so kill -9 takes its ffmpeg children too, as a container or systemd stop would.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Kysely } from 'kysely'
import { createPool, postgresDialect } from '../src/db/dialect/postgres.ts'
import type { Database } from '../src/db/schema.ts'
import { createDatabase, startPostgres, type PostgresServer } from '../test-support/postgres-server.ts'
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.ts'
import { freePort, nginxAvailable, startNginx } from '../test-support/nginx-server.ts'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export { freePort, nginxAvailable }

export interface ManagedProcess {
  name: string
  port?: number
  child: ChildProcess
  /** kill -9 of the process group (the process and its ffmpeg). Resolves once it has exited. */
  kill9(): Promise<void>
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

function manage(name: string, child: ChildProcess, port?: number): ManagedProcess {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // Already gone.
    }
  }
  return {
    name,
    port,
    child,
    async kill9() {
      signalGroup('SIGKILL')
      await exited(child)
    },
    async stop() {
      signalGroup('SIGTERM')
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000)
      await exited(child)
      clearTimeout(timer)
    },
  }
}

export interface Cluster {
  dir: string
  dataDir: string
  databaseUrl: string
  smtp: SmtpCapture
  /** The shared database, for the test's own checks. */
  db: Kysely<Database>
  apis: ManagedProcess[]
  workers: ManagedProcess[]
  nginx: { url: string; process: ManagedProcess } | undefined
  apiUrl(api: ManagedProcess): string
  /** Starts an API process (WORKERS=0) on the given port (a fresh one by default); waits for /health. */
  startApi(port?: number): Promise<ManagedProcess>
  /** Starts `npm run worker`'s entry; waits for its start line. */
  startWorker(): Promise<ManagedProcess>
  /** Starts nginx on deploy/nginx.conf over these API processes (stopping a running one first). */
  startNginx(apis: ManagedProcess[]): Promise<{ url: string; process: ManagedProcess }>
  stop(): Promise<void>
}

export async function startCluster(
  options: {
    leaseSeconds?: number
    logLevel?: string
    extraEnv?: Record<string, string>
    /**
     * Media in this bucket (issue 34): the processes get MEDIA_STORE=s3 in `env`, each its own DATA_DIR
     * and TMPDIR (`dataDirOf`, `tmpDirOf`: nothing on disk is shared), and nginx runs deploy/nginx-s3.conf.
     */
    bucket?: { env: Record<string, string>; origin: string; name: string }
  } = {},
): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-scale-'))
  // nginx's workers read DATA_DIR/media and write their temp folders: readable by the worker user.
  fs.chmodSync(dir, 0o755)
  const dataDir = path.join(dir, 'data')
  fs.mkdirSync(dataDir, { mode: 0o755 })
  const postgres: PostgresServer = await startPostgres()
  const database = await createDatabase(postgres.adminUrl)
  const smtp = await startSmtpCapture()
  const pool = createPool(database.url, { max: 4 })
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) })
  const processes: ManagedProcess[] = []
  const apis: ManagedProcess[] = []
  const workers: ManagedProcess[] = []
  let counter = 0

  const baseEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: options.logLevel ?? 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    // deploy/nginx.conf writes X-Forwarded-For itself: one hop to trust.
    TRUST_PROXY: '1',
    MEDIA_ACCEL_REDIRECT: '/internal-media/',
    JOB_LEASE_SECONDS: String(options.leaseSeconds ?? 3),
    ...options.extraEnv,
  }

  function spawnNode(entry: string, name: string, env: Record<string, string>) {
    const log = fs.openSync(path.join(dir, `${name}.log`), 'a')
    const own = options.bucket ? { DATA_DIR: dataDirOf(dir, name), TMPDIR: tmpDirOf(dir, name) } : {}
    for (const folder of Object.values(own)) fs.mkdirSync(folder, { recursive: true })
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, entry)], {
      cwd: REPO,
      env: { ...baseEnv, ...options.bucket?.env, ...own, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', log],
    })
    fs.closeSync(log)
    return child
  }

  const cluster: Cluster = {
    dir,
    dataDir,
    databaseUrl: database.url,
    smtp,
    db,
    apis,
    workers,
    nginx: undefined,
    apiUrl: (api) => `http://127.0.0.1:${api.port}`,

    async startApi(port) {
      const chosen = port ?? (await freePort())
      const name = `api-${chosen}`
      const child = spawnNode('sync-server/src/main.ts', name, { HOST: '127.0.0.1', PORT: String(chosen), WORKERS: '0' })
      child.stdout!.resume()
      const api = manage(name, child, chosen)
      processes.push(api)
      const deadline = Date.now() + 60_000
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: see ${path.join(dir, `${name}.log`)}`)
        try {
          const health = await fetch(`http://127.0.0.1:${chosen}/api/v1/health`)
          if (health.status === 200) break
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw new Error(`${name} did not answer /health within 60 s`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      apis.push(api)
      return api
    },

    async startWorker() {
      const name = `worker-${++counter}`
      // info level for its start line, which says it is running.
      const child = spawnNode('sync-server/src/worker.ts', name, { WORKERS: '1', LOG_LEVEL: 'info' })
      const worker = manage(name, child)
      processes.push(worker)
      await new Promise<void>((resolve, reject) => {
        let seen = ''
        const onData = (chunk: Buffer) => {
          seen += chunk.toString('utf8')
          if (seen.includes('worker running')) {
            child.stdout!.off('data', onData)
            child.stdout!.resume()
            resolve()
          }
        }
        child.stdout!.on('data', onData)
        child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it started: see ${dir}/${name}.log`)))
      })
      workers.push(worker)
      return worker
    },

    async startNginx(upstreams) {
      if (cluster.nginx) await cluster.nginx.process.stop()
      const running = await startNginx({ dir, dataDir, apiPorts: upstreams.map((api) => api.port!), bucket: options.bucket && { origin: options.bucket.origin, name: options.bucket.name } })
      const managed = manage('nginx', running.child, running.port)
      processes.push(managed)
      const url = running.url
      cluster.nginx = { url, process: managed }
      return cluster.nginx
    },

    async stop() {
      await Promise.all(processes.map((managed) => managed.stop()))
      await db.destroy()
      await smtp.close?.()
      await database.drop().catch(() => {})
      postgres.stop()
      if (!process.env.DEHIEU_KEEP_SCALE_DIR) fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  return cluster
}

/** With a bucket, each process's own DATA_DIR and TMPDIR (by its name: `api-<port>`, `worker-<n>`). */
export const dataDirOf = (dir: string, name: string) => path.join(dir, `data-${name}`)
const tmpDirOf = (dir: string, name: string) => path.join(dir, `tmp-${name}`)

/** Signs in through `baseUrl` with the code the SMTP capture receives; answers the token and user id. */
export async function signInThrough(cluster: Cluster, baseUrl: string, email: string): Promise<{ token: string; userId: number }> {
  const since = cluster.smtp.mails.length
  const register = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  if (register.status !== 202) throw new Error(`register answered ${register.status}: ${await register.text()}`)
  const otp = await cluster.smtp.waitForCode(email, { since })
  const verify = await fetch(`${baseUrl}/api/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp }),
  })
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${await verify.text()}`)
  const body = (await verify.json()) as { data: { token: string; user: { id: number } } }
  return { token: body.data.token, userId: body.data.user.id }
}
