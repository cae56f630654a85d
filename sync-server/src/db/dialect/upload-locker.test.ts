/**
 * tus's upload locks. On PostgreSQL two lockers stand for two API processes: a lock held by one is
 * waited for by the other, which asks the holder to let go (as tus asks when a client resumes); and a
 * holder that dies without unlocking (its connections dropped, as under kill -9) frees the upload.
 */
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../../test-support/test-databases.ts'
import { uploadLockerFor } from './upload-locker.ts'

const ID = 'a'.repeat(32)

describeOnEachEngine((engine, database) => {
  it('one holder at a time: the next request asks the holder to let go and gets the lock once it does', async () => {
    const first = uploadLockerFor(engine, database().url)
    // SQLite: one process, one locker; PostgreSQL: a second "process" with its own pool.
    const second = engine === 'postgres' ? uploadLockerFor(engine, database().url) : first
    try {
      const held = first.locker.newLock(ID)
      let released!: () => void
      const askedToRelease = new Promise<void>((resolve) => (released = resolve))
      await held.lock(new AbortController().signal, () => released())
      const waiting = second.locker.newLock(ID)
      let got = false
      const acquiring = waiting.lock(new AbortController().signal, () => {}).then(() => void (got = true))
      await askedToRelease
      expect(got).toBe(false)
      await held.unlock()
      await acquiring
      expect(got).toBe(true)
      await waiting.unlock()
    } finally {
      await first.close()
      if (second !== first) await second.close()
    }
  })

  it.runIf(engine === 'postgres')('a holder whose process died (connections closed, nothing unlocked) frees the upload', async () => {
    const dying = uploadLockerFor(engine, database().url)
    const survivor = uploadLockerFor(engine, database().url)
    try {
      await dying.locker.newLock(ID).lock(new AbortController().signal, () => {})
      await dying.close()
      const lock = survivor.locker.newLock(ID)
      await lock.lock(new AbortController().signal, () => {})
      await lock.unlock()
    } finally {
      await survivor.close()
    }
  })
})
