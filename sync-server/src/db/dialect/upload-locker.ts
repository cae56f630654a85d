/**
 * The tus server's upload locks: one request at a time may write an upload (a resumed PATCH waits for
 * the one before it). @tus/server asks for a Locker; which one depends on the engine.
 * - SQLite: one process serves the API, so tus's own MemoryLocker (in process memory) as before.
 * - PostgreSQL: any number of API processes behind a load balancer may get requests for one upload,
 *   so the lock is a session-level advisory lock keyed by (TUS_UPLOADS, hashtext(upload id)), held on
 *   a connection of a small pool of its own for as long as the request writes (the API's pool is not
 *   tied up by long uploads). A process that dies (kill -9) drops its connection and PostgreSQL frees
 *   its locks at once. Inside a process the MemoryLocker still runs first, so tus's "release it, a new
 *   request wants it" reaches a holder in the same process directly; a holder in another process is
 *   asked over NOTIFY on the channel below, and every process LISTENs for the ids it holds.
 */
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server'
import type pg from 'pg'
import type { EngineName } from '../engine.ts'
import { createPool } from './postgres.ts'

/** The first key of the two-key advisory lock of an upload (apart from USER_ROWS and SIGN_IN_CODES). */
const TUS_UPLOADS = 16_003
const RELEASE_CHANNEL = 'tus_upload_release'
/** How long a request waits for an upload another request holds (tus's MemoryLocker default). */
const ACQUIRE_TIMEOUT_MS = 30_000
const RETRY_EVERY_MS = 100
/** Uploads written at once by one process; each holds a connection of this pool while it writes. */
const LOCK_CONNECTIONS = 20

export interface UploadLocker {
  locker: Locker
  close(): Promise<void>
}

export function uploadLockerFor(engine: EngineName, databaseUrl: string | undefined): UploadLocker {
  if (engine === 'postgres' && databaseUrl) return postgresUploadLocker(databaseUrl)
  return { locker: new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS }), close: async () => {} }
}

function postgresUploadLocker(url: string): UploadLocker {
  const pool = createPool(url, { max: LOCK_CONNECTIONS + 1 })
  const local = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS })
  /** Upload ids this process holds, with the release tus gave for each. */
  const held = new Map<string, RequestRelease>()
  /** Connections out of the pool (the listener, and each held lock's): closing drops them, freeing the locks. */
  const checkedOut = new Set<pg.PoolClient>()
  const connect = async () => {
    const client = await pool.connect()
    // A checked-out connection the server ends (restart, a dropped database) reports here, not to the pool.
    client.on('error', () => {})
    checkedOut.add(client)
    return client
  }
  const release = (client: pg.PoolClient, error?: Error) => {
    checkedOut.delete(client)
    client.release(error)
  }
  let closed = false
  const listening = connect().then(async (client) => {
    client.on('notification', (message) => {
      const release = message.payload ? held.get(message.payload) : undefined
      if (release) void Promise.resolve(release()).catch(() => {})
    })
    await client.query(`LISTEN ${RELEASE_CHANNEL}`)
  })
  listening.catch(() => {})

  class AdvisoryLock implements Lock {
    #client: pg.PoolClient | undefined
    readonly #memory: Lock
    constructor(private readonly id: string) {
      this.#memory = local.newLock(id)
    }

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
      await this.#memory.lock(signal, requestRelease)
      let client: pg.PoolClient | undefined
      try {
        client = await connect()
        let asked = false
        for (;;) {
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [TUS_UPLOADS, this.id])
          if (rows[0]?.locked) break
          // Another process writes this upload: ask it once to let go (tus ends that request), then wait.
          if (!asked) {
            asked = true
            await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, this.id])
          }
          if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT
          await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS))
        }
      } catch (error) {
        if (client) release(client)
        await this.#memory.unlock()
        throw error
      }
      this.#client = client
      held.set(this.id, requestRelease)
    }

    async unlock(): Promise<void> {
      const client = this.#client
      this.#client = undefined
      held.delete(this.id)
      try {
        if (client) {
          await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [TUS_UPLOADS, this.id])
          release(client)
        }
      } catch (error) {
        // A connection that failed here may still hold the lock: drop it, which frees it.
        if (client) release(client, error as Error)
      } finally {
        await this.#memory.unlock()
      }
    }
  }

  return {
    locker: { newLock: (id: string) => new AdvisoryLock(id) },
    async close() {
      if (closed) return
      closed = true
      await listening.catch(() => {})
      for (const client of [...checkedOut]) release(client, new Error('upload locker closed'))
      await pool.end()
    },
  }
}
