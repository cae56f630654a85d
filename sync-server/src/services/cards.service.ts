/**
 * Saved lines from the outbox (issue 43): POST /cards, /reviews and /card_removals, each item judged
 * alone like /watch_events, every batch in one transaction under the person's lock (so the same batch
 * sent twice at once, or two devices' batches, store each item once).
 *
 * - Cards: a client_id already held (or removed) is `duplicate`; so is a line the learner already saved
 *   (same video, start within CARD_SAME_LINE_SECONDS). Refused: `invalid_card` (shape, 0.3..30 s, text
 *   ≤ 500, a line past the video's end), `unknown_video`, `not_watchable` (rules/access.ts: a premium
 *   video for a free learner, a preview's line past its cut), `in_the_future`. A new card is due at its
 *   created_at, and the cut of its clip is queued in the same transaction (jobs: cut_card_clip).
 * - Reviews: a client_id held is `duplicate`; a review of a card not held yet is `deferred` (not stored:
 *   the outbox sends it again after the card), of a removed card `card_removed`. The card's schedule
 *   (contract/card-schedule.ts) is stepped when the new reviews all come after the last one folded in,
 *   and folded again from that card's reviews alone otherwise: never more than one card's log.
 * - Removals: the card and its reviews deleted, the removal kept so the card sent again stays gone;
 *   its clip file removed after the commit unless another learner's card of the same line plays it.
 */
import type { Kysely } from 'kysely'
import {
  CARD_SAME_LINE_SECONDS,
  cardRemovalSchema,
  cardSchema,
  comesAfter,
  foldCardReviews,
  newCardSchedule,
  reviewSchema,
  sortReviews,
  stepCardSchedule,
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  type CardRejection,
  type CardRemovalsResult,
  type CardSchedule,
  type CardsResult,
  type ReviewRating,
  type ReviewRejection,
  type ReviewsResult,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database, NewRow } from '../db/schema.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { createCardsRepository, type CardRow, type ScheduleColumns } from '../repositories/cards.repository.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { canWatch } from '../rules/access.ts'
import { localDay } from '../rules/time-zones.ts'
import type { MediaStore } from '../storage/media-store.ts'
import type { Logger } from 'pino'

const CARD_MESSAGES: Record<CardRejection, string> = {
  invalid_card: 'A card needs a client_id, a video_id, start and end 0.3 to 30 seconds apart, its text and created_at.',
  unknown_video: 'No such video.',
  not_watchable: 'This line is in a part of the video you may not watch.',
  in_the_future: 'The card is in the future.',
  card_removed: 'This card was removed.',
}
const REVIEW_MESSAGES: Record<ReviewRejection, string> = {
  invalid_review: 'A review needs a client_id, a card_id, a rating from 1 to 4 and reviewed_at.',
  in_the_future: 'The review is in the future.',
  card_removed: 'This card was removed.',
}

const clientIdOf = (item: unknown) => {
  const given = (item as { client_id?: unknown } | null)?.client_id
  return typeof given === 'string' ? given.slice(0, 64).toLowerCase() : null
}
const issues = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || 'item'}: ${issue.message}`).join('; ')

/** The schedule's columns as the card row keeps them. */
export function scheduleColumns(schedule: CardSchedule): ScheduleColumns {
  return {
    state: schedule.state,
    due_ms: schedule.due,
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    reps: schedule.reps,
    lapses: schedule.lapses,
    scheduled_days: schedule.scheduled_days,
    learning_steps: schedule.learning_steps,
    elapsed_days: schedule.elapsed_days,
    last_review_ms: schedule.last_review,
    last_review_client_id: schedule.last_client_id,
  }
}

function scheduleOf(row: CardRow): CardSchedule {
  return {
    state: row.state,
    due: row.due_ms,
    stability: row.stability,
    difficulty: row.difficulty,
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.last_review_ms,
    last_client_id: row.last_review_client_id,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    elapsed_days: row.elapsed_days,
  }
}

interface Deps {
  db: Kysely<Database>
  locking: Locking
  clock: Clock
  jobs: AppJobQueue
  catalogue: Pick<CatalogueRepository, 'findPublishedByIds'>
  previewSeconds: number
  media: Pick<MediaStore, 'remove'>
  logger: Pick<Logger, 'warn'>
}

/** The latest time an item may carry: a few minutes ahead of the server's clock. */
const latest = (deps: Deps) => deps.clock.now() + WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000

export type CardsService = ReturnType<typeof createCardsService>

export function createCardsService(deps: Deps) {
  return {
    createCards: (user: UserRow, items: readonly unknown[]) => createCards(deps, user, items),
    recordReviews: (user: UserRow, items: readonly unknown[]) => recordReviews(deps, user, items),
    removeCards: (user: UserRow, items: readonly unknown[]) => removeCards(deps, user, items),
  }
}

async function createCards(deps: Deps, user: UserRow, items: readonly unknown[]): Promise<CardsResult['data']> {
  const result: CardsResult['data'] = { accepted: [], duplicate: [], rejected: [] }
  const reject = (clientId: string | null, error: CardRejection, message = CARD_MESSAGES[error]) => result.rejected.push({ client_id: clientId, error, message })
  const parsed = items.map((item) => ({ item, read: cardSchema.safeParse(item) }))
  const videoIds = parsed.flatMap(({ read }) => (read.success ? [read.data.video_id] : []))
  const videos = new Map((await deps.catalogue.findPublishedByIds([...new Set(videoIds)])).map((video) => [video.id, video]))
  const now = new Date(deps.clock.now()).toISOString()
  const queued = await personTransaction(deps.db, deps.locking, user.id, async (trx) => {
    const cards = createCardsRepository(trx)
    const valid = parsed.flatMap(({ read }) => (read.success ? [read.data.client_id.toLowerCase()] : []))
    const held = await cards.byClientIds(user.id, valid)
    const removed = await cards.removedClientIds(user.id, valid)
    const inBatch: Array<{ clientId: string; videoId: number; start: number }> = []
    let made = 0
    for (const { item, read } of parsed) {
      if (!read.success) {
        reject(clientIdOf(item), 'invalid_card', issues(read.error))
        continue
      }
      const card = read.data
      const clientId = card.client_id.toLowerCase()
      const createdMs = Date.parse(card.created_at)
      const video = videos.get(card.video_id)
      if (held.has(clientId) || removed.has(clientId) || inBatch.some((other) => other.clientId === clientId)) {
        result.duplicate.push(clientId)
        continue
      }
      if (!video) {
        reject(clientId, 'unknown_video')
        continue
      }
      const access = canWatch(video, user)
      if (access === 'none' || (access === 'preview' && card.end > deps.previewSeconds)) {
        reject(clientId, 'not_watchable')
        continue
      }
      if (video.duration_seconds > 0 && card.start >= video.duration_seconds) {
        reject(clientId, 'invalid_card', 'The line starts after the end of the video.')
        continue
      }
      if (createdMs > latest(deps)) {
        reject(clientId, 'in_the_future')
        continue
      }
      const sameLine = (other: { videoId: number; start: number }) => other.videoId === card.video_id && Math.abs(other.start - card.start) <= CARD_SAME_LINE_SECONDS
      if (inBatch.some(sameLine) || (await cards.sameLine(user.id, card.video_id, card.start, CARD_SAME_LINE_SECONDS)).length > 0) {
        result.duplicate.push(clientId)
        continue
      }
      inBatch.push({ clientId, videoId: card.video_id, start: card.start })
      const id = await cards.insert({
        user_id: user.id,
        client_id: clientId,
        video_id: card.video_id,
        language_code: video.language_code,
        start_seconds: card.start,
        end_seconds: card.end,
        text: card.text,
        translation: card.translation,
        created_at: new Date(createdMs).toISOString(),
        created_ms: createdMs,
        received_at: now,
        ...scheduleColumns(newCardSchedule(createdMs)),
        clip_path: null,
        changed_ms: deps.clock.now(),
      })
      await deps.jobs.enqueue('cut_card_clip', { cardId: id }, { trx })
      made++
      result.accepted.push(clientId)
    }
    return made
  })
  if (queued > 0) deps.jobs.wake()
  return result
}

async function recordReviews(deps: Deps, user: UserRow, items: readonly unknown[]): Promise<ReviewsResult['data']> {
  const result: ReviewsResult['data'] = { accepted: [], duplicate: [], rejected: [], deferred: [] }
  const reject = (clientId: string | null, error: ReviewRejection, message = REVIEW_MESSAGES[error]) => result.rejected.push({ client_id: clientId, error, message })
  const parsed = items.map((item) => ({ item, read: reviewSchema.safeParse(item) }))
  const received = new Date(deps.clock.now()).toISOString()
  await personTransaction(deps.db, deps.locking, user.id, async (trx) => {
    const cards = createCardsRepository(trx)
    const valid = parsed.flatMap(({ read }) => (read.success ? [read.data] : []))
    const stored = await cards.storedReviews(user.id, valid.map((review) => review.client_id.toLowerCase()))
    const held = await cards.byClientIds(user.id, valid.map((review) => review.card_id.toLowerCase()))
    const removed = await cards.removedClientIds(user.id, valid.map((review) => review.card_id.toLowerCase()).filter((id) => !held.has(id)))
    const seen = new Set<string>()
    const byCard = new Map<CardRow, Array<{ client_id: string; rating: ReviewRating; reviewed_at: number }>>()
    const rows: Array<NewRow<'card_reviews'>> = []
    for (const { item, read } of parsed) {
      if (!read.success) {
        reject(clientIdOf(item), 'invalid_review', issues(read.error))
        continue
      }
      const clientId = read.data.client_id.toLowerCase()
      const cardId = read.data.card_id.toLowerCase()
      const reviewedMs = Date.parse(read.data.reviewed_at)
      if (stored.has(clientId) || seen.has(clientId)) {
        result.duplicate.push(clientId)
        continue
      }
      const card = held.get(cardId)
      if (!card) {
        if (removed.has(cardId)) reject(clientId, 'card_removed')
        else result.deferred.push(clientId)
        continue
      }
      if (reviewedMs > latest(deps)) {
        reject(clientId, 'in_the_future')
        continue
      }
      seen.add(clientId)
      result.accepted.push(clientId)
      const effective = Math.max(card.created_ms, reviewedMs)
      rows.push({
        user_id: user.id,
        card_id: card.id,
        client_id: clientId,
        rating: read.data.rating,
        reviewed_at: new Date(reviewedMs).toISOString(),
        reviewed_ms: reviewedMs,
        duration_ms: read.data.duration_ms,
        day: localDay(effective, user.time_zone),
        received_at: received,
      })
      byCard.set(card, [...(byCard.get(card) ?? []), { client_id: clientId, rating: read.data.rating, reviewed_at: reviewedMs }])
    }
    await cards.insertReviews(rows)
    for (const [card, reviews] of byCard) {
      let schedule: CardSchedule | null = scheduleOf(card)
      for (const review of sortReviews(card.created_ms, reviews)) {
        if (!comesAfter(schedule, card.created_ms, review)) {
          schedule = null
          break
        }
        schedule = stepCardSchedule(schedule, card.created_ms, review)
      }
      // Out of order: this card's reviews (now stored, the new ones with them) folded again.
      if (schedule === null) {
        const log = await cards.reviewsOf(card.id)
        schedule = foldCardReviews(
          card.created_ms,
          log.map((review) => ({ client_id: review.client_id, rating: review.rating as ReviewRating, reviewed_at: review.reviewed_ms })),
        )
      }
      await cards.setSchedule(card.id, scheduleColumns(schedule), deps.clock.now())
    }
  })
  return result
}

async function removeCards(deps: Deps, user: UserRow, items: readonly unknown[]): Promise<CardRemovalsResult['data']> {
  const result: CardRemovalsResult['data'] = { accepted: [], duplicate: [], rejected: [] }
  const parsed = items.map((item) => ({ item, read: cardRemovalSchema.safeParse(item) }))
  const unused = await personTransaction(deps.db, deps.locking, user.id, async (trx) => {
    const cards = createCardsRepository(trx)
    const clips: string[] = []
    const stored = await cards.storedRemovals(user.id, parsed.flatMap(({ read }) => (read.success ? [read.data.client_id.toLowerCase()] : [])))
    for (const { item, read } of parsed) {
      if (!read.success) {
        result.rejected.push({ client_id: clientIdOf(item), error: 'invalid_removal', message: issues(read.error) })
        continue
      }
      const clientId = read.data.client_id.toLowerCase()
      if (stored.has(clientId)) {
        result.duplicate.push(clientId)
        continue
      }
      stored.add(clientId)
      const cardId = read.data.card_id.toLowerCase()
      const held = await cards.clipAndLanguageOf(user.id, cardId)
      // Its language and arrival let a since pull on another device learn that the card left.
      await cards.insertRemoval({
        user_id: user.id,
        client_id: clientId,
        card_client_id: cardId,
        occurred_at: new Date(Date.parse(read.data.occurred_at)).toISOString(),
        language_code: held?.language_code ?? null,
        removed_ms: deps.clock.now(),
      })
      if (held?.clip_path != null) clips.push(held.clip_path)
      await cards.remove(user.id, cardId)
      result.accepted.push(clientId)
    }
    const inUse = await cards.clipsInUse(clips)
    return clips.filter((clip) => !inUse.has(clip))
  })
  for (const clip of new Set(unused)) {
    try {
      await deps.media.remove(clip)
    } catch (error) {
      deps.logger.warn({ err: error, clip }, 'a removed card’s clip could not be removed')
    }
  }
  return result
}

