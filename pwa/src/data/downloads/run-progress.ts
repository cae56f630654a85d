/**
 * A run's progress: which parts are stored (by an earlier run or this one), the bytes and files they
 * hold, which are still missing, and the progress written to the record at most every
 * PROGRESS_EVERY_MS (one write per part slowed downloads down). The first write comes only once the
 * parts have run that long: a download done sooner goes from its start straight to complete, with no
 * write (and no render in every view that follows the record) in between.
 */
import type { HandedPart } from './background-fetch.ts'
import { PROGRESS_EVERY_MS } from './follow.ts'
import type { PartFile, StoredPart } from './parts.ts'

export const bytesOf = (files: PartFile[]) => files.reduce((sum, file) => sum + file.size, 0)

export function createRunProgress(parts: HandedPart[], storedBefore: StoredPart[], now: () => number) {
  const stored = [...storedBefore]
  let bytesDone = stored.reduce((sum, part) => sum + bytesOf(part.files), 0)
  let filesDone = stored.reduce((sum, part) => sum + part.files.length, 0)
  let reportedAt = now()
  let reporting: Promise<unknown> | undefined
  return {
    /** The parts stored so far, in the order they were stored. */
    stored,
    get bytesDone() {
      return bytesDone
    },
    get filesDone() {
      return filesDone
    },
    /** The parts not stored yet, in plan order (read at each hand-over: parts are stored meanwhile). */
    missing: () => parts.filter((part) => !stored.some((done) => done.name === part.name)),

    /** From now on a write is due once PROGRESS_EVERY_MS have passed (the page begins fetching). */
    startClock() {
      reportedAt = now()
    },

    /**
     * A part stored. When a write is due and none is on its way, `write` is called (reading the counts
     * when it runs); not awaited here, so the next part starts while progress is written.
     */
    add(name: string, files: PartFile[], write: () => Promise<unknown>) {
      stored.push({ name, files })
      bytesDone += bytesOf(files)
      filesDone += files.length
      if (now() - reportedAt < PROGRESS_EVERY_MS || reporting) return
      reportedAt = now()
      reporting = write().finally(() => (reporting = undefined))
    },

    /** The write on its way, if any (awaited before the record says complete). */
    reporting: () => reporting,
  }
}

export type RunProgress = ReturnType<typeof createRunProgress>
