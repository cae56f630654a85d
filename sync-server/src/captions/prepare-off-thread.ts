/**
 * Caption uploads prepared off the main thread (issues 29, 45 item 5): parsing and checking a 1 MB
 * WebVTT, its script check and its segmentation into words (prepare-track.ts) cost 0.3–1 s of CPU a
 * track, and 20 uploads at once, on the API's one thread, kept the event loop late by up to 230 ms
 * (segmentation in slices of 100 cues did not help: 20 tracks' slices, each queued with setImmediate,
 * ran in one turn of the loop). Here:
 * - a file holds at most CAPTIONS_MAX_CUES cues: counted first by its timing arrows (a scan of 1–3 ms
 *   for 1 MB) on the thread, before it parses anything (prepareTrack's first step);
 * - a pool of threads (1 or 2, one fewer than the cores) prepares one file each at a time; the rest
 *   wait in order of arrival, holding their bytes and no database connection;
 * - a thread builds a language's segmenter from the lexicon's keys once per version: the keys are
 *   read (from the database, on the main thread) and sent only to a thread that lacks that version.
 * - asked to (`pack`: SQLite, whose writer thread takes the body as it is), the thread sends the
 *   track's body back packed (packed-track.ts), handed over without a copy: the main thread never
 *   builds or clones its 4,000 cues.
 * A thread starts with the first file and stays (unreferenced: it keeps no process alive); should it
 * crash, the file it held fails (500, the client retries) and the next file starts a new one.
 */
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CaptionLanguage } from '../../../contract/index.ts'
import type { PreparedTrack } from './prepare-track.ts'
import { threadBoot } from '../thread-entry.ts'

/** The lexicon a track is segmented with: its keys are read only when a thread lacks this version. */
export interface LexiconToSegmentWith {
  language: string
  version: number
  previewSeconds: number
  keys: () => Promise<readonly string[]>
}

export interface PrepareInput {
  bytes: Uint8Array
  videoSeconds: number | null
  language: CaptionLanguage
  /** Left out: the track is not in the video's own language and gets no words. */
  lexicon?: LexiconToSegmentWith
  /** The body (file, cues, words) back packed for a writer thread (PackedPreparedTrack), not as objects. */
  pack?: boolean
}

/** A prepared track whose body stayed packed (packed-track.ts): only what the answer says is unpacked. */
export interface PackedPreparedTrack {
  ok: true
  packed: ArrayBuffer
  cueCount: number
  durationSeconds: number
}

export interface PrepareRequest {
  id: number
  bytes: ArrayBuffer
  videoSeconds: number | null
  language: CaptionLanguage
  segment?: { language: string; version: number; previewSeconds: number; keys?: readonly string[] }
  pack?: boolean
}
export type PrepareReply = { id: number; result: PreparedTrack | PackedPreparedTrack; threadId: number } | { id: number; error: string }

/** What the caller gets: the prepared track, and the thread that made it (never the main thread, 0). */
export type PreparedOffThread = (PreparedTrack | PackedPreparedTrack) & { threadId?: number }

const WORKER_URL = new URL('./prepare-worker.ts', import.meta.url)

/** One thread fewer than the cores (the writer thread and the event loop need theirs), 1 or 2. */
const defaultThreads = () => Math.max(1, Math.min(2, os.availableParallelism() - 1))

interface Thread {
  worker: Worker
  /** The lexicon version this thread's segmenter holds, by language. */
  lexicons: Map<string, number>
  /** The file it prepares now and how to answer it. */
  job?: { id: number; resolve: (result: PreparedOffThread) => void; reject: (error: Error) => void }
}

interface Queued {
  input: PrepareInput
  resolve: (result: PreparedOffThread) => void
  reject: (error: Error) => void
}

export function createCaptionPreparer(options: { threads?: number } = {}) {
  const size = options.threads ?? defaultThreads()
  const threads: Array<Thread | undefined> = Array.from({ length: size }, () => undefined)
  const queue: Queued[] = []
  let nextId = 1
  let closed = false

  function start(slot: number): Thread {
    const worker = new Worker(threadBoot(WORKER_URL.href, 'caption-prepare-worker'), { eval: true })
    worker.unref()
    const thread: Thread = { worker, lexicons: new Map() }
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined
      const job = thread.job
      thread.job = undefined
      job?.reject(error)
      pump()
    }
    worker.on('message', (reply: PrepareReply) => {
      const job = thread.job
      if (!job || job.id !== reply.id) return
      thread.job = undefined
      if ('error' in reply) job.reject(new Error(`preparing the caption file failed: ${reply.error}`))
      else job.resolve({ ...reply.result, threadId: reply.threadId })
      pump()
    })
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the caption preparer thread stopped (exit code ${code})`)))
    threads[slot] = thread
    return thread
  }

  /** Hands the next queued files to the idle threads. */
  function pump() {
    if (closed) return
    for (let slot = 0; slot < size && queue.length > 0; slot++) {
      const thread = threads[slot] ?? start(slot)
      if (thread.job) continue
      const next = queue.shift()!
      void send(thread, next)
    }
  }

  async function send(thread: Thread, { input, resolve, reject }: Queued) {
    const id = nextId++
    // Held before the keys are read, so the next pump gives this thread no second file.
    thread.job = { id, resolve, reject }
    try {
      const lexicon = input.lexicon
      const needsKeys = lexicon !== undefined && thread.lexicons.get(lexicon.language) !== lexicon.version
      const keys = needsKeys ? await lexicon.keys() : undefined
      const segment = lexicon && { language: lexicon.language, version: lexicon.version, previewSeconds: lexicon.previewSeconds, ...(keys ? { keys } : {}) }
      if (lexicon) thread.lexicons.set(lexicon.language, lexicon.version)
      // A copy of its own, handed over without another copy.
      const bytes = new Uint8Array(input.bytes).buffer
      thread.worker.postMessage({ id, bytes, videoSeconds: input.videoSeconds, language: input.language, segment, pack: input.pack } satisfies PrepareRequest, [bytes])
    } catch (error) {
      thread.job = undefined
      reject(error instanceof Error ? error : new Error(String(error)))
      pump()
    }
  }

  return {
    /**
     * prepareTrack on a preparer thread, in turn behind the files before it. Its first step, the cue
     * ceiling (countArrows), runs there too: 1.3–3 ms a 1 MB file, 25–65 ms for 20 files arriving
     * together, which the main thread spent in one turn of its loop at the start of a burst (issue 45).
     */
    prepare(input: PrepareInput): Promise<PreparedOffThread> {
      if (closed) return Promise.reject(new Error('the caption preparer is closed'))
      const answer = new Promise<PreparedOffThread>((resolve, reject) => queue.push({ input, resolve, reject }))
      pump()
      return answer
    },

    /** Stops the threads (a server's close); files still queued fail. */
    async close() {
      closed = true
      for (const queued of queue.splice(0)) queued.reject(new Error('the caption preparer is closed'))
      const running = threads.splice(0).filter((thread): thread is Thread => thread !== undefined)
      await Promise.all(running.map((thread) => thread.worker.terminate()))
    },
  }
}
