/**
 * A caption preparer's thread (started by prepare-off-thread.ts): one file at a time, parsed, checked
 * and segmented by the same prepareTrack the main thread runs inside a caller's transaction, so a big
 * or hostile file costs this thread's time, never the event loop's. It keeps the segmenter of each
 * language at the lexicon version it was last sent the keys of.
 */
import { parentPort, threadId } from 'node:worker_threads'
import { createSegmenter, type Segmenter } from '../../../contract/index.ts'
import { packTrackBody } from './packed-track.ts'
import { prepareTrack, type Segmenting } from './prepare-track.ts'
import type { PrepareReply, PrepareRequest } from './prepare-off-thread.ts'
import { runBelowTheEventLoop } from './background-priority.ts'

const port = parentPort
if (!port) throw new Error('prepare-worker.ts runs as a worker thread')
runBelowTheEventLoop()

const segmenters = new Map<string, { version: number; segmenter: Segmenter }>()

/** The segmenter a request asks for: built from the keys it carries, or the one kept at its version. */
function segmentingOf(segment: NonNullable<PrepareRequest['segment']>): Segmenting {
  if (segment.keys) segmenters.set(segment.language, { version: segment.version, segmenter: createSegmenter(segment.language, segment.keys) })
  const kept = segmenters.get(segment.language)
  if (!kept || kept.version !== segment.version) throw new Error(`no segmenter for ${segment.language} at lexicon version ${segment.version}`)
  return { segmenter: kept.segmenter, version: kept.version, previewSeconds: segment.previewSeconds }
}

port.on('message', (message: PrepareRequest) => {
  const answer = async () => prepareTrack(new Uint8Array(message.bytes), message.videoSeconds, message.language, message.segment && segmentingOf(message.segment))
  answer().then(
    (result) => {
      if (!message.pack || !result.ok) return port.postMessage({ id: message.id, result, threadId } satisfies PrepareReply)
      const packed = packTrackBody(result)
      port.postMessage({ id: message.id, result: { ok: true, packed, cueCount: result.cues.length, durationSeconds: result.durationSeconds }, threadId } satisfies PrepareReply, [packed])
    },
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies PrepareReply),
  )
})
