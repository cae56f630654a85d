/**
 * Whether this process should be sent requests (/health/ready), as opposed to whether it answers at all
 * (/health/live). Ready when the database answers a query, every migration this code knows is applied,
 * the bucket answers (media in S3), and every disk uploads fill is above its reserve. Each check is asked
 * afresh at every probe, each within a bound of its own, so a process that lost its database says so
 * within that bound and is ready again by itself as soon as the database answers (the pool opens new
 * connections; nothing here is remembered).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type CheckName = 'process' | 'database' | 'migrations' | 'bucket' | 'disk'
/**
 * 'ok', or what is wrong in words that give nothing away (the endpoint is public): the details (the
 * driver's error, the folder, the bytes) go to the log, once each time a check goes wrong (onChange).
 */
export type Checks = Partial<Record<CheckName, string>>
type Result = { said: string; detail?: string }

export interface ReadinessDeps {
  db: Kysely<Database>
  /** The migration versions this code applies at start (db/migrate.ts readMigrations). */
  migrationVersions: readonly number[]
  storage: { kind: 'disk' | 's3'; ping(signal: AbortSignal): Promise<void> }
  disk: { dirs: readonly string[]; reserveBytes: number; free(dir: string): number }
  /** How long one check may take before it counts as not answering. */
  timeoutMs?: number
  /** Told when a check's state changes (ok → wrong, wrong → ok), with the details. */
  onChange?(name: CheckName, said: string, detail: string | undefined): void
}

const OK = 'ok'
const ok: Result = { said: OK }

async function within<T>(ms: number, what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`${what} did not answer within ${ms} ms`))
    }, ms)
  })
  try {
    return await Promise.race([run(controller.signal), late])
  } finally {
    clearTimeout(timer)
  }
}

const reason = (error: unknown) => {
  const e = error as { code?: string; message?: string }
  const text = e?.message || e?.code || String(error)
  return e?.code && !text.includes(e.code) ? `${text} (${e.code})` : text
}

export function createReadiness(deps: ReadinessDeps) {
  const timeoutMs = deps.timeoutMs ?? 2000

  async function database(): Promise<Result> {
    try {
      await within(timeoutMs, 'the database', () => sql`SELECT 1`.execute(deps.db))
      return ok
    } catch (error) {
      return { said: 'the database does not answer', detail: reason(error) }
    }
  }

  async function migrations(): Promise<Result> {
    try {
      const rows = await within(timeoutMs, 'the database', () => deps.db.selectFrom('schema_migrations').select('version').execute())
      const applied = new Set(rows.map((row) => Number(row.version)))
      const missing = deps.migrationVersions.filter((version) => !applied.has(version))
      return missing.length === 0 ? ok : { said: 'migrations are not applied', detail: `versions ${missing.join(', ')} missing` }
    } catch (error) {
      return { said: 'the migrations could not be read', detail: reason(error) }
    }
  }

  async function bucket(): Promise<Result> {
    try {
      await within(timeoutMs, 'the bucket', (signal) => deps.storage.ping(signal))
      return ok
    } catch (error) {
      return { said: 'the bucket does not answer', detail: reason(error) }
    }
  }

  function disk(): Result {
    if (deps.disk.reserveBytes <= 0) return ok
    for (const dir of deps.disk.dirs) {
      try {
        const free = deps.disk.free(dir)
        if (free < deps.disk.reserveBytes) return { said: 'the disk is under its reserve', detail: `${dir} has ${free} bytes free, under DISK_RESERVE_BYTES=${deps.disk.reserveBytes}` }
      } catch (error) {
        return { said: 'the disk cannot be measured', detail: `${dir}: ${reason(error)}` }
      }
    }
    return ok
  }

  let stopping = false
  const last = new Map<CheckName, string>()
  function note(name: CheckName, result: Result) {
    const before = last.get(name) ?? OK
    last.set(name, result.said)
    if (before !== result.said) deps.onChange?.(name, result.said, result.detail)
  }

  return {
    /** SIGTERM: from now on not ready (a probing load balancer moves away while requests in flight finish). */
    markStopping() {
      stopping = true
    },
    async check(): Promise<{ ready: boolean; checks: Checks }> {
      const [db, migrated, media] = await Promise.all([database(), migrations(), deps.storage.kind === 's3' ? bucket() : Promise.resolve(undefined)])
      const results: Partial<Record<CheckName, Result>> = {
        database: db,
        migrations: db === ok ? migrated : { said: 'not checked: the database does not answer' },
        disk: disk(),
      }
      if (media) results.bucket = media
      if (stopping) results.process = { said: 'stopping' }
      const checks: Checks = {}
      for (const [name, result] of Object.entries(results) as Array<[CheckName, Result]>) {
        note(name, result)
        checks[name] = result.said
      }
      return { ready: Object.values(checks).every((value) => value === OK), checks }
    },
  }
}

export type Readiness = ReturnType<typeof createReadiness>
