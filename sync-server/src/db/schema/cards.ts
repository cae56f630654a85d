/** Saved lines and review (0040): a learner's cards with their schedules, their reviews, removals received. */
import type { Generated } from 'kysely'

/** 0040: one saved line, with its schedule (the fold of its reviews, contract/card-schedule.ts). */
export interface CardsTable {
  id: Generated<number>
  user_id: number
  client_id: string
  video_id: number
  language_code: string
  start_seconds: number
  end_seconds: number
  text: string
  translation: string | null
  created_at: string
  created_ms: number
  received_at: string
  state: 'new' | 'learning' | 'review' | 'relearning'
  due_ms: number
  stability: number
  difficulty: number
  reps: number
  lapses: number
  scheduled_days: number
  learning_steps: number
  elapsed_days: number
  last_review_ms: number | null
  last_review_client_id: string | null
  clip_path: string | null
  /** 0081: when the server last changed the card (saved, a review folded in, its clip cut): the since cursor's key. */
  changed_ms: Generated<number>
}

/** 0040: one review of a card; `day` the learner's local day of reviewed_at. */
export interface CardReviewsTable {
  id: Generated<number>
  user_id: number
  card_id: number
  client_id: string
  rating: number
  reviewed_at: string
  reviewed_ms: number
  duration_ms: number
  day: string
  received_at: string
}

/** 0040: a removal received, and the card it took away. */
export interface CardRemovalsTable {
  user_id: number
  client_id: string
  card_client_id: string
  occurred_at: string
  /** 0081: the removed card's language (null when the server never held that card) and when the removal arrived. */
  language_code: string | null
  removed_ms: Generated<number>
}
