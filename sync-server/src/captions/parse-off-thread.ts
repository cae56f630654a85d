/**
 * Parsing caption files off the main thread (issue 29): a 1 MB WebVTT of 14,000 one-millisecond cues
 * took the event loop 1.3–1.7 s, and every other request waited. Two bounds:
 * - a file may hold at most CAPTIONS_MAX_CUES cues: counted first, by its timing arrows (a scan of the
 *   text, about a millisecond for 1 MB), and refused before any parsing when over;
 * - the parsing itself (UTF-8, NFC, media-captions, the line walk) runs on a worker thread of its own,
 *   one file at a time; the main thread only waits for the answer.
 * The thread starts with the first file and stays (unreferenced: it keeps no process alive); should it
 * crash, the file it held fails (500, the client retries) and the next file starts a new one.
 */
import { Worker } from 'node:worker_threads'
import { CAPTIONS_MAX_CUES } from '../../../contract/index.ts'
import { countArrows, tooManyCues, type ParsedCaptions } from './parse-vtt.ts'
import { threadBoot } from '../thread-entry.ts'

export interface ParseRequest {
  id: number
  bytes: ArrayBuffer
  videoSeconds: number | null
}
export type ParseReply = { id: number; result: ParsedCaptions; threadId: number } | { id: number; error: string }

/** What the caller gets: the parse, and the thread that ran it (never the main thread, 0). */
export type ParsedOffThread = ParsedCaptions & { threadId?: number }

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url)

export function createCaptionParser() {
  const waiting = new Map<number, { resolve: (result: ParsedOffThread) => void; reject: (error: Error) => void }>()
  let worker: Worker | undefined
  let nextId = 1

  function failWaiting(error: Error) {
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }

  function start(): Worker {
    const boot = threadBoot(WORKER_URL.href, 'caption-parse-worker')
    const started = new Worker(boot, { eval: true })
    started.unref()
    started.on('message', (reply: ParseReply) => {
      const entry = waiting.get(reply.id)
      if (!entry) return
      waiting.delete(reply.id)
      if ('error' in reply) entry.reject(new Error(`caption parsing failed: ${reply.error}`))
      else entry.resolve({ ...reply.result, threadId: reply.threadId })
    })
    started.on('error', (error) => {
      if (worker === started) worker = undefined
      failWaiting(error)
    })
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      failWaiting(new Error(`the caption parser thread stopped (exit code ${code})`))
    })
    return started
  }

  return {
    /** parseCaptions on the parser thread, after the cue ceiling. */
    async parse(bytes: Uint8Array, videoSeconds: number | null): Promise<ParsedOffThread> {
      if (countArrows(bytes, CAPTIONS_MAX_CUES) > CAPTIONS_MAX_CUES) return tooManyCues()
      worker ??= start()
      const id = nextId++
      // A copy of its own, handed over without another copy.
      const copy = new Uint8Array(bytes).buffer
      const answer = new Promise<ParsedOffThread>((resolve, reject) => waiting.set(id, { resolve, reject }))
      worker.postMessage({ id, bytes: copy, videoSeconds } satisfies ParseRequest, [copy])
      return answer
    },

    /** Stops the thread (a test server's close). */
    async close() {
      const stopping = worker
      worker = undefined
      if (stopping) await stopping.terminate()
    },
  }
}
