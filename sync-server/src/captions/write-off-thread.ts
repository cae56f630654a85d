/**
 * Caption tracks written on a thread of their own under SQLite (issue 45 item 5). SQLite answers
 * synchronously, and a track's cues cost its FTS5 trigram index most of the write: 30–290 ms a batch
 * of 128 cues on a loaded machine, during which the main thread answered nobody, even between batches
 * with turns of the event loop. On this thread, with its own connection to the same file, the batches
 * (captions.repository.ts `replace`: generations, a short switch) block no request: WAL lets the main
 * thread read while this one writes, and a write there waits (busy timeout) for one batch at most.
 * Removing a track (its cues deleted in batches) runs here too. One track at a time (the caller's slot); the thread starts with the first track and stays
 * (unreferenced: it keeps no process alive); should it crash, the track it held fails (500, the old
 * track is still whole) and the next track starts a new one. PostgreSQL writes in-process: its
 * statements wait on the network, not on the event loop.
 */
import { Worker } from 'node:worker_threads'
import type { CaptionLanguage } from '../../../contract/index.ts'
import type { NewCaptionTrack, ReplaceResult } from '../repositories/captions.repository.ts'
import { threadBoot } from '../thread-entry.ts'

/** A track's row fields, sent beside its packed body (packed-track.ts). */
export type TrackRow = Omit<NewCaptionTrack, 'vtt' | 'cues' | 'words'>

export type WriteRequest =
  | { id: number; track: NewCaptionTrack }
  | { id: number; packedTrack: { row: TrackRow; body: ArrayBuffer } }
  | { id: number; remove: { submissionId: number; language: CaptionLanguage } }
export type WriteReply = { id: number; removed: boolean } | { id: number; replaced: ReplaceResult } | { id: number; error: string }
export interface CaptionWriterData {
  dataDir: string
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

const WORKER_URL = new URL('./write-worker.ts', import.meta.url)

export function createCaptionWriter(dataDir: string) {
  const waiting = new Map<number, { resolve: (answer: boolean | ReplaceResult) => void; reject: (error: Error) => void }>()
  let worker: Worker | undefined
  let nextId = 1

  function failWaiting(error: Error) {
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }

  function start(): Worker {
    const boot = threadBoot(WORKER_URL.href, 'caption-write-worker')
    const started = new Worker(boot, { eval: true, workerData: { dataDir } satisfies CaptionWriterData })
    started.unref()
    started.on('message', (reply: WriteReply) => {
      const entry = waiting.get(reply.id)
      if (!entry) return
      waiting.delete(reply.id)
      if ('error' in reply) entry.reject(new Error(`writing the caption track failed: ${reply.error}`))
      else entry.resolve('replaced' in reply ? reply.replaced : reply.removed)
    })
    started.on('error', (error) => {
      if (worker === started) worker = undefined
      failWaiting(error)
    })
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      failWaiting(new Error(`the caption writer thread stopped (exit code ${code})`))
    })
    return started
  }

  const inFlight = new Set<Promise<boolean | ReplaceResult>>()
  function send(request: DistributiveOmit<WriteRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<boolean | ReplaceResult> {
    worker ??= start()
    const id = nextId++
    const answer = new Promise<boolean | ReplaceResult>((resolve, reject) => waiting.set(id, { resolve, reject }))
    worker.postMessage({ id, ...request } as WriteRequest, transfer)
    inFlight.add(answer)
    const settled = () => inFlight.delete(answer)
    answer.then(settled, settled)
    return answer
  }

  return {
    /** The repository's `replace` on the writer thread: answers once the track is switched to and its old cues are gone. */
    async replace(track: NewCaptionTrack): Promise<ReplaceResult> {
      return (await send({ track })) as ReplaceResult
    },

    /**
     * As `replace`, the body packed by the preparer's thread (packed-track.ts) and handed over as it
     * is: unpacked on the writer thread, never on the main one.
     */
    async replacePacked(row: TrackRow, body: ArrayBuffer): Promise<ReplaceResult> {
      return (await send({ packedTrack: { row, body } }, [body])) as ReplaceResult
    },

    /** The repository's `remove` on the writer thread: false when there was no such track. */
    async remove(submissionId: number, language: CaptionLanguage): Promise<boolean> {
      return (await send({ remove: { submissionId, language } })) === true
    },

    /** Lets the track in hand finish, then stops the thread and its connection (a server's close). */
    async close() {
      const stopping = worker
      worker = undefined
      if (!stopping) return
      await Promise.allSettled([...inFlight])
      stopping.postMessage('close')
      await stopping.terminate()
    },
  }
}
