/**
 * A prepared track's body (its file, cues and words) as UTF-8 JSON in an ArrayBuffer of its own, so
 * it goes from the preparer's thread through the main thread to SQLite's writer thread by transfer
 * (issue 45 item 5). Sent as objects, a 4,000-cue track is about 7.5 MB of structured clone: the main
 * thread paid its deserialisation (5–47 ms a track) and its serialisation again for the writer thread
 * (2–25 ms), and the garbage of both, while it only needs the track's cue count and duration.
 */
import type { ParsedCue } from './parse-vtt.ts'
import type { PreparedWords } from './prepare-track.ts'

/** What a track writes besides its row's small fields. */
export interface TrackBody {
  vtt: string
  cues: ParsedCue[]
  words?: PreparedWords
}

/** The body packed, on the thread that made it. */
export function packTrackBody(body: TrackBody): ArrayBuffer {
  const bytes = new TextEncoder().encode(JSON.stringify({ vtt: body.vtt, cues: body.cues, words: body.words }))
  // Transferred whole: a view on a larger buffer would hand over (and lose) its neighbours too.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer
}

/** The body again, on the thread that writes it. */
export function unpackTrackBody(packed: ArrayBuffer): TrackBody {
  return JSON.parse(new TextDecoder().decode(packed)) as TrackBody
}
