/** The shapes of measured watching that the player's tracker reports and data/progress keeps. */
import type { WatchEventInput } from '../../../../contract/schemas/watching.ts'

/** One watch event as the tracker measures it; the player adds the video and the outbox the client_id. */
export type WatchStretch = Omit<WatchEventInput, 'client_id' | 'video_id'>

/** What the tracker reports about one stretch, under the same id from its first report to its close. */
export interface StretchUpdate {
  /** The stretch's client_id. */
  id: string
  /** The stretch as measured so far; null on a close that leaves too little to count (drop it). */
  stretch: WatchStretch | null
  /** Still growing: keep it, but it must not be sent before a closing update. */
  open: boolean
}
