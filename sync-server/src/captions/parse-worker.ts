/**
 * The caption parser's thread (started by parse-off-thread.ts): parses one file at a time with the
 * same parseCaptions the main thread used to run, so a big or hostile file costs this thread's time,
 * never the event loop's (issue 29).
 */
import { parentPort, threadId } from 'node:worker_threads'
import { parseCaptions } from './parse-vtt.ts'
import type { ParseReply, ParseRequest } from './parse-off-thread.ts'

const port = parentPort
if (!port) throw new Error('parse-worker.ts runs as a worker thread')

port.on('message', (message: ParseRequest | 'close') => {
  if (message === 'close') {
    port.close()
    return
  }
  parseCaptions(new Uint8Array(message.bytes), message.videoSeconds).then(
    (result) => port.postMessage({ id: message.id, result, threadId } satisfies ParseReply),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ParseReply),
  )
})
