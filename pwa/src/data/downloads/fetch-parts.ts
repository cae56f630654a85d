/**
 * The parts not stored yet, fetched and stored by the page, up to PARALLEL_PARTS side by side, each
 * one by store.ts's storePart. Should the page go out of sight or away meanwhile, the parts still
 * missing are handed to the browser (hand-over.ts: at once, before the page can be gone) and the
 * page's own requests for them are aborted.
 */
import type { BackgroundFetchRegistrationLike } from './background-fetch.ts'
import type { createHandOver, PageWatch } from './hand-over.ts'
import type { PartFile } from './parts.ts'
import type { PartsAhead } from './parts-ahead.ts'
import type { RunProgress } from './run-progress.ts'
import type { createFileStore } from './store.ts'

// The browser opens six connections per host; twice as many parts are asked for, because a part
// whose bytes have all arrived still waits for Cache Storage to commit it (measured: up to ~150 ms
// for 4 MB here), and meanwhile the next part already uses the connection. With only six asked for,
// every wave of six waited for the slowest commit before the next began. Measured in the page on the
// 5-minute bench video in 8 parts (fetch + cache.put, interleaved with a plain fetch of the same
// bytes, median of 7): 1.74x the plain fetch with six asked for, 1.40x with twelve. (That video now
// travels in four larger parts; longer ones still come in many.)
export const PARALLEL_PARTS = 12

export interface InPageRun {
  cache: Cache
  /** The run's signal: a pause or delete. */
  signal: AbortSignal
  handOver: ReturnType<typeof createHandOver> | undefined
  /** The answers asked for at the press (parts-ahead.ts). */
  ahead: PartsAhead | undefined
  progress: RunProgress
  /** A part's files are known (its answer's headers): see run-playlists.ts. */
  noteFiles: (name: string, files: PartFile[]) => void
  storePart: ReturnType<typeof createFileStore>['storePart']
  /** Writes the progress into the record (run-progress.ts says when). */
  writeProgress: () => Promise<unknown>
}

/**
 * Answers once every part is stored, or, when the page left meanwhile (`mayHandOver`), with the
 * browser's answer to the hand-over; throws the first part's failure.
 */
export async function fetchPartsInPage(run: InPageRun, mayHandOver: boolean): Promise<{ handing?: Promise<BackgroundFetchRegistrationLike> }> {
  const { cache, signal, handOver, ahead, progress } = run
  const inPage = new AbortController()
  const partSignal = AbortSignal.any([signal, inPage.signal])
  const watch: PageWatch | undefined = mayHandOver && handOver ? handOver.watchPage(signal, () => inPage.abort()) : undefined
  // In order: with a part cut off, the download resumes from the first part not stored.
  const queue = progress.missing()
  // The answers asked for at the press for the parts still missing; the others go.
  await ahead?.asked
  const askedAhead = new Map(queue.map((part) => [part.url, ahead?.take(part.url, partSignal)]))
  ahead?.cancel()
  const worker = async () => {
    for (let part = queue.shift(); part !== undefined; part = queue.shift()) {
      let files: PartFile[]
      try {
        const name = part.name
        files = await run.storePart(cache, part, part.url, part.key, partSignal, (known) => run.noteFiles(name, known), askedAhead.get(part.url))
      } catch (error) {
        queue.length = 0 // one part failed: the others in flight finish, no new one starts
        throw error
      }
      progress.add(part.name, files, run.writeProgress)
    }
  }
  // Every worker settles before the outcome is known, so a download that failed has nothing still
  // running behind it when it reports the failure (and a resume cannot race its leftovers).
  try {
    const settled = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker))
    const handing = watch?.handing()
    if (handing) return { handing }
    const failed = settled.find((outcome) => outcome.status === 'rejected')
    if (failed) throw failed.reason
    return {}
  } finally {
    watch?.stop()
  }
}
