/** The studio's draft as IndexedDB keeps it (data/studio/drafts.ts); its cues are edited by features/studio/cue-ops.ts. */

export interface StudioCue {
  id: string
  /** Seconds; null until the line is timed (a line not yet timed stays only in the draft). */
  start: number | null
  end: number | null
  /** The line in the submission's language; a newline breaks it into two lines on screen. */
  text: string
  /** Its English line, sharing the cue's times ('' while not written). */
  english: string
}

/** The two tracks the studio edits: the submission's own language, and English. */
export type StudioTrack = 'main' | 'en'

export interface StudioDraft {
  submissionId: number
  /** The submission's language code (the main track's LANG). */
  language: string
  cues: StudioCue[]
  /** The ETag each track was loaded at or last saved as; null: the server had no such track then. */
  etags: Record<StudioTrack, string | null>
  /** The device holds changes the server lacks. */
  unsaved: boolean
  /** Epoch ms of the last change and of the last save to the server. */
  updatedAt: number
  savedAt: number | null
}
