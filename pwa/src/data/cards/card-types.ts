/**
 * Saved lines on the device (issue 43, api-contract "Saved lines and review"): a card is one line of a
 * video, kept with its text, its English where the video has one, its times and its video; its
 * schedule is the contract's fold of its reviews (contract/card-schedule.ts), the same on every device.
 */
import type { CardSchedule, ReviewRating } from '../../../../contract/card-schedule.ts'

export type { CardSchedule, ReviewRating }
export { CARD_REMOVALS_MAX_BATCH, CARDS_MAX_BATCH, REVIEWS_MAX_BATCH } from '../../../../contract/vocabulary.ts'
export type { ReviewsResult, SavedCard } from '../../../../contract/schemas/cards.ts'

export interface LocalCard {
  /** The card's client_id: its id on the server too. */
  id: string
  /** The video's language (the review page lists one language's cards). */
  language: string
  video_id: number
  video_title: string
  /** The line's span in the video, in seconds. */
  start: number
  end: number
  text: string
  translation: string | null
  /**
   * Whether the server has cut the card's clip. Its URL is built from the card's id and the language's
   * grant, kept once apart (records `cardAudioGrant:<language>`), so a new grant rewrites no card.
   */
  audio_ready: boolean
  /** Epoch ms: when the line was saved (a new card is due then). */
  created_at: number
  /** The server's schedule as last pulled; null while the server has not answered for the card. */
  server: CardSchedule | null
  /** The schedule now: the server's with this device's later reviews folded in (device-schedule.ts). */
  schedule: CardSchedule
  /** `schedule.due`, kept apart for the [language+due] index. */
  due: number
}

/** A card as the review page plays it: its clip's URL under the language's last grant, null until cut. */
export type PlayableCard = LocalCard & { audio_url: string | null }

/** A review made on this device, kept until the server's schedule holds it. */
export interface LocalReview {
  /** The review's client_id. */
  id: string
  card_id: string
  rating: ReviewRating
  /** Epoch ms. */
  reviewed_at: number
  duration_ms: number
}

/** POST /cards's item without its client_id (the outbox item's id). */
export interface CardPayload {
  video_id: number
  start: number
  end: number
  text: string
  translation: string | null
  created_at: string
}

/** POST /reviews's item without its client_id. */
export interface ReviewPayload {
  card_id: string
  rating: ReviewRating
  reviewed_at: string
  duration_ms: number
}

/** POST /card_removals's item without its client_id. */
export interface CardRemovalPayload {
  card_id: string
  occurred_at: string
}

/** A line offered for saving, as the player or the word sheet knows it. */
export interface LineToSave {
  videoId: number
  start: number
  end: number
  text: string
  translation: string | null
}

/** Two saves of one line: same video, start within 0.05 s (the server's rule too). */
export { CARD_SAME_LINE_SECONDS as SAME_LINE_SECONDS, CARD_MAX_SECONDS, CARD_MIN_SECONDS, CARD_TEXT_MAX_CHARS } from '../../../../contract/vocabulary.ts'
