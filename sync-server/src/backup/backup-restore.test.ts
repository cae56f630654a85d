/**
 * Backups that restore (issue 47): learners write watch events while a backup is taken; the backup is
 * restored into a fresh deployment (a new DATA_DIR; on PostgreSQL a new empty database), and there every
 * batch acknowledged before the backup began is whole, no batch is there in part, and a learner's session
 * of before still works. Runs on SQLite (server) and PostgreSQL (server-postgres).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { createDatabase } from '../../test-support/postgres-server.ts'
import { signIn, startTestServer } from '../../test-support/test-server.ts'
import { backupTo, MANIFEST } from './backup.ts'
import { restoreFrom, RestoreRefused } from './restore.ts'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A fresh place to restore into: an empty DATA_DIR, and on PostgreSQL an empty database. */
async function freshDeployment(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = tempDir('dehieu-restored-')
  if (process.env.DEHIEU_TEST_ENGINE !== 'postgres') return { dataDir, databaseUrl: undefined }
  const database = await createDatabase(inject('postgresAdminUrl')!)
  cleanups.push(() => database.drop())
  return { dataDir, databaseUrl: database.url }
}

interface Batch {
  ids: string[]
  /** Set when the server acknowledged it: the order of acknowledgement. */
  ackedAt?: number
}

describe('npm run backup / npm run restore', () => {
  it('restores, into a fresh deployment, every batch acknowledged before a backup taken mid-write, and no batch in part', { timeout: 60_000 }, async () => {
    const source = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
    cleanups.push(() => source.close())
    const video = await seedVideo(source)
    const learners = await Promise.all([1, 2].map(async (n) => {
      const { token } = await signIn(source, `backup${n}@example.com`)
      return { token, api: apiClient(source.api, { token }) }
    }))

    const batches: Batch[] = []
    let acks = 0
    let stop = false
    // Each event a stretch of wall-clock time of its own, going back from now (overlapping ones count once).
    let stretch = 0
    const at = () => new Date(source.clock.now() - ++stretch * 5000).toISOString()
    const write = async (api: (typeof learners)[number]['api']) => {
      while (!stop) {
        const events = Array.from({ length: 25 }, (_, i) => watchEvent(source, video, { position_from: i * 4, position_to: i * 4 + 4, watched_seconds: 4, occurred_at: at() }))
        const batch: Batch = { ids: events.map((event) => event.client_id) }
        batches.push(batch)
        const answer = await api.post('/watch_events', { events })
        expect(answer.status).toBe(200)
        expect(answer.body.data.accepted).toHaveLength(events.length)
        batch.ackedAt = ++acks
      }
    }
    const writers = learners.map((learner) => write(learner.api))
    // Mid-write: some batches are in, more are on their way while the snapshot is taken.
    while (acks < 6) await new Promise((resolve) => setImmediate(resolve))
    const backupDir = path.join(tempDir('dehieu-backup-'), 'b1')
    const backupBegan = acks
    const manifest = await backupTo({ to: backupDir, dataDir: source.dataDir, databaseUrl: source.ctx.config.databaseUrl, storage: source.ctx.config.storage })
    const ackedDuringBackup = acks - backupBegan
    // A few more after it, which the backup may not hold.
    const after = acks + 4
    while (acks < after) await new Promise((resolve) => setImmediate(resolve))
    stop = true
    await Promise.all(writers)

    expect(manifest).toMatchObject({ format: 'dehieu-backup', engine: source.ctx.database.engine, app_secret: true, media: { store: 'disk' } })
    expect(fs.existsSync(path.join(backupDir, MANIFEST))).toBe(true)

    const target = await freshDeployment()
    await restoreFrom({ from: backupDir, ...target })
    const restored = await startTestServer({ dataDir: target.dataDir, env: target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {} })
    cleanups.push(() => restored.close())

    const rows = await restored.ctx.database.db.selectFrom('watch_events').select('client_id').execute()
    const present = new Set(rows.map((row) => row.client_id))
    let whole = 0
    for (const batch of batches) {
      const found = batch.ids.filter((id) => present.has(id)).length
      // All or nothing: a batch is one transaction, and the snapshot is one instant.
      expect([0, batch.ids.length]).toContain(found)
      if (found) whole++
      if (batch.ackedAt !== undefined && batch.ackedAt <= backupBegan) expect(found).toBe(batch.ids.length)
    }
    expect(whole).toBeGreaterThanOrEqual(backupBegan)
    expect(present.size).toBe(whole * 25)
    // Writes went on during the snapshot (else this test would not be mid-write).
    expect(ackedDuringBackup + (batches.length - whole)).toBeGreaterThan(0)

    // The restored deployment knows the learners: their sessions (and the app secret) came with it.
    const me = await apiClient(restored.api, { token: learners[0]!.token }).get('/me')
    expect(me.status).toBe(200)
    expect(me.body.email).toBe('backup1@example.com')
  })

  it('refuses an unfinished backup, a target that holds data, and a folder that is not empty, writing nothing', async () => {
    const source = await startTestServer()
    cleanups.push(() => source.close())
    const options = { dataDir: source.dataDir, databaseUrl: source.ctx.config.databaseUrl, storage: source.ctx.config.storage }
    const backupDir = path.join(tempDir('dehieu-backup-'), 'b')
    await backupTo({ to: backupDir, ...options })
    await expect(backupTo({ to: backupDir, ...options })).rejects.toThrow(/is not empty/)

    // Onto the running deployment itself: it holds data.
    await expect(restoreFrom({ from: backupDir, dataDir: source.dataDir, databaseUrl: options.databaseUrl })).rejects.toBeInstanceOf(RestoreRefused)

    // A backup whose manifest was never written (it stopped midway) is not restored.
    const unfinished = tempDir('dehieu-unfinished-')
    for (const name of fs.readdirSync(backupDir)) if (name !== MANIFEST) fs.copyFileSync(path.join(backupDir, name), path.join(unfinished, name))
    const target = await freshDeployment()
    await expect(restoreFrom({ from: unfinished, ...target })).rejects.toThrow(/no manifest\.json/)
    expect(fs.readdirSync(target.dataDir)).toEqual([])
  })
})
