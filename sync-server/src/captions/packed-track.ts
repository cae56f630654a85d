/**
 * A prepared track's body (its file, cues and words) serialised (node:v8, the structured clone's own
 * format) into an ArrayBuffer of its own, so it goes from the preparer's thread through the main
 * thread to SQLite's writer thread by transfer (issue 45 item 5). Sent as objects, a 4,000-cue track is about 7.5 MB of structured clone: the main
 * thread paid its deserialisation (5–47 ms a track) and its serialisation again for the writer thread
 * (2–25 ms), and the garbage of both, while it only needs the track's cue count and duration. Not
 * JSON: its tokens are JSON strings already, and JSON.parse of the whole took 44–200 ms a track where
 * v8.deserialize takes 9–20 (measured alone under load).
 */
import v8 from 'node:v8'
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
  const bytes = v8.serialize(body.words ? { vtt: body.vtt, cues: body.cues, words: body.words } : { vtt: body.vtt, cues: body.cues })
  // Transferred whole: a view on a larger buffer would hand over (and lose) its neighbours too.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer
}

/** The body again, on the thread that writes it. */
export function unpackTrackBody(packed: ArrayBuffer): TrackBody {
  return v8.deserialize(new Uint8Array(packed)) as TrackBody
}
