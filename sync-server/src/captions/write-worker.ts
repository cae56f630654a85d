/**
 * The caption writer's thread (started by write-off-thread.ts): its own connection to the SQLite file,
 * and each track written by the same repository code the main thread runs under PostgreSQL
 * (captions.repository.ts `replace`), so a track's indexing costs this thread's time, never the event
 * loop's (issue 45 item 5).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openEngine } from '../db/engine.ts'
import { textSearchFor } from '../db/dialect/text-search.ts'
import { createCaptionsRepository } from '../repositories/captions.repository.ts'
import { unpackTrackBody } from './packed-track.ts'
import type { CaptionWriterData, WriteReply, WriteRequest } from './write-off-thread.ts'
import { runBelowTheEventLoop } from './background-priority.ts'

const port = parentPort
if (!port) throw new Error('write-worker.ts runs as a worker thread')
runBelowTheEventLoop()
const { dataDir } = workerData as CaptionWriterData
const engine = await openEngine({ dataDir })
// Batches of 512 cues: readers never wait for this thread's writes (WAL), writers for one batch.
const captions = createCaptionsRepository(engine.db, textSearchFor('sqlite'), { cuesPerBatch: 512 })

port.on('message', (message: WriteRequest | 'close') => {
  if (message === 'close') {
    void engine.close().finally(() => port.close())
    return
  }
  const work =
    'track' in message
      ? captions.replace(message.track).then((replaced) => ({ replaced }))
      : 'packedTrack' in message
        ? captions.replace({ ...message.packedTrack.row, ...unpackTrackBody(message.packedTrack.body) }).then((replaced) => ({ replaced }))
        : captions.remove(message.remove.submissionId, message.remove.language).then((removed) => ({ removed }))
  work.then(
    (answer) => port.postMessage({ id: message.id, ...answer } satisfies WriteReply),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WriteReply),
  )
})
