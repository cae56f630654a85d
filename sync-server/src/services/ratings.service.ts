/**
 * "How much did you understand?" from the outbox, and the difficulty score it gives each video.
 *
 * The rules of POST /ratings (like /watch_events, each rating judged alone):
 * - (user, client_id) is kept for every rating received (rating_receipts): a repeat answers
 *   `duplicate` and changes nothing, even when that rating was replaced since.
 * - A learner keeps one rating per video: the latest by occurred_at (ties: the greater client_id). A
 *   later one replaces it; an older one arriving late (a replayed outbox) is accepted and changes nothing.
 * - Refused: `invalid_rating` (shape, understood outside 1..5), `unknown_video` (unknown or not
 *   published), `in_the_future` (occurred_at more than 5 minutes ahead: it would win every later
 *   replacement), `not_watched` (the rater has covered less than half of the video: video_progress,
 *   the union of the spans they played, the same measure as the percent on every card).
 * - A batch runs in one transaction under the lock on the user's rows (db/dialect/locking.ts; SQLite's
 *   writers take turns anyway), so concurrent replays of a batch store and count it once; a video's
 *   running sums are changed by one UPDATE each (`x = x + ?`), in video id order so two raters'
 *   transactions never wait on each other in a cycle.
 *
 * The difficulty score (rules/difficulty.ts), on one 1..100 scale shared with the learners:
 * - A learner's place on the scale is their input hours (what /me/progress?language= counts as
 *   total_input_seconds: watch time in the video's language plus hours logged outside, at the time of
 *   rating) read along the roadmap: level 1 (0 h) = 1, level 2 (50 h) = 15, 3 (150 h) = 30, 4 (300 h) =
 *   45, 5 (600 h) = 60, 6 (1000 h) = 75, 7 (1500 h) = 90, 3000 h = 100, straight lines between.
 *   15 points are one roadmap level.
 * - One rating's evidence: e = clamp(place + 15 × (3 − understood), 1, 100), rounded to a whole number.
 *   "About half" (3) says the video sits at the rater's place; each step more understood says one
 *   level below, each step less one level above. This is how who rated counts: "understood almost
 *   everything" (5) from a 20-hour learner (place 6.6) says the video is at about 1, from a 600-hour
 *   learner (place 60) only that it is at about 30, so the beginner's answer pulls the score down more.
 * - The score: D = round(clamp((5 × prior(level) + Σe) / (5 + n), 1, 100)), n the number of learners'
 *   kept ratings, prior(level) where the video's level sits (introductory 8, beginner 22, intermediate
 *   45, advanced 70). The level counts as five ratings: while ratings are few the score stays near the
 *   level the contributor gave (at 5 ratings the prior still weighs half), and the learners' word takes
 *   over as they rate. Shown (non-null) from 5 ratings; below, null.
 * - Why this shape: a weighted mean of bounded evidence is bounded (1..100), moves the same way as each
 *   answer (more understood, lower score: monotone), counts each learner once (one kept rating each:
 *   stable under duplicates and replacements), and is updated from two running sums in O(1) per rating
 *   (the evidence is whole, so replacing a rating subtracts exactly what it added), so the catalogue
 *   reads a stored column and sorts by an index.
 */
import {
  RATING_MIN_WATCHED_SHARE,
  ratingSchema,
  UNDERSTOOD_MAX,
  UNDERSTOOD_MIN,
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  type Rating,
  type RatingRejection,
  type RatingsResult,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import type { Kysely } from 'kysely'
import { createOutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import { createRatingsRepository, type RatingRow } from '../repositories/ratings.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { createVideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { difficultyRank, difficultyScore, ratingEvidence, replaces } from '../rules/difficulty.ts'

const MESSAGES: Record<RatingRejection, string> = {
  invalid_rating: `A rating needs a client_id, a video_id, understood from ${UNDERSTOOD_MIN} to ${UNDERSTOOD_MAX} and occurred_at.`,
  unknown_video: 'No such video.',
  not_watched: `Watch at least ${RATING_MIN_WATCHED_SHARE * 100}% of the video before rating it.`,
  in_the_future: 'The rating is in the future.',
}

export type RatingsResultData = RatingsResult['data']

type ParsedRating = { ok: true; rating: Rating; occurredMs: number } | { ok: false; clientId: string | null; message: string }

/** Thrown when a receipt was stored meanwhile: the transaction is undone and nothing half-written. */
export class ConcurrentRatingError extends Error {}

/**
 * Adds each video's change of count and evidence to its sums and stores the score they give, in video
 * id order (so concurrent transactions lock videos in one order and never wait on each other in a cycle).
 */
async function applySums(ratings: ReturnType<typeof createRatingsRepository>, sums: ReadonlyMap<number, { count: number; evidence: number }>) {
  for (const videoId of [...sums.keys()].sort((a, b) => a - b)) {
    const sum = sums.get(videoId)!
    if (sum.count === 0 && sum.evidence === 0) continue
    const after = await ratings.addToSums(videoId, sum.count, sum.evidence)
    const score = difficultyScore({ level: after.proficiency_level, count: after.rating_count, evidenceSum: Number(after.rating_evidence_sum) })
    await ratings.setDifficulty(videoId, score, difficultyRank(score))
  }
}

export type RatingsService = ReturnType<typeof createRatingsService>

export function createRatingsService(deps: { db: Kysely<Database>; locking: Locking; clock: Clock }) {
  return {
    async record(user: UserRow, items: readonly unknown[]): Promise<RatingsResultData> {
      const now = deps.clock.now()
      const parsed = items.map((item): ParsedRating => {
        const result = ratingSchema.safeParse(item)
        if (result.success) return { ok: true, rating: result.data, occurredMs: Date.parse(result.data.occurred_at) }
        const given = (item as { client_id?: unknown } | null)?.client_id
        const message = result.error.issues.map((issue) => `${issue.path.join('.') || 'rating'}: ${issue.message}`).join('; ')
        return { ok: false, clientId: typeof given === 'string' ? given.slice(0, 64) : null, message }
      })
      const valid = parsed.flatMap((entry) => (entry.ok ? [entry.rating] : []))
      const videoIds = [...new Set(valid.map((rating) => rating.video_id))]

      return personTransaction(deps.db, deps.locking, user.id, async (trx) => {
        const ratings = createRatingsRepository(trx)
        const stored = await ratings.storedClientIds(user.id, valid.map((rating) => rating.client_id))
        const videos = new Map((await ratings.publishedVideos(videoIds)).map((video) => [video.id, video]))
        const watched = new Map((await createVideoProgressRepository(trx).forVideos(user.id, videoIds)).map((row) => [row.video_id, row.covered_seconds]))
        const kept = new Map((await ratings.forVideos(user.id, videoIds)).map((row) => [row.video_id, row]))
        const inputSeconds = new Map<string, number>()
        const raterInputSeconds = async (languageCode: string) => {
          let seconds = inputSeconds.get(languageCode)
          if (seconds === undefined) {
            const watchSeconds = await createVideoProgressRepository(trx).watchSecondsInLanguage(user.id, languageCode)
            const outsideMinutes = await createOutsideHoursRepository(trx, deps.locking).totalMinutes(user.id)
            seconds = Math.round(watchSeconds) + outsideMinutes * 60
            inputSeconds.set(languageCode, seconds)
          }
          return seconds
        }

        const result: RatingsResultData = { accepted: [], duplicate: [], rejected: [] }
        const seen = new Set<string>()
        const receipts: Array<{ user_id: number; client_id: string; video_id: number }> = []
        const changed = new Map<number, RatingRow>()
        const sums = new Map<number, { count: number; evidence: number }>()
        const nowIso = new Date(now).toISOString()
        const latest = now + WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000

        for (const entry of parsed) {
          if (!entry.ok) {
            result.rejected.push({ client_id: entry.clientId, error: 'invalid_rating', message: entry.message })
            continue
          }
          const rating = entry.rating
          if (stored.has(rating.client_id) || seen.has(rating.client_id)) {
            result.duplicate.push(rating.client_id)
            continue
          }
          const video = videos.get(rating.video_id)
          let refusal: RatingRejection | undefined
          if (!video) refusal = 'unknown_video'
          else if (entry.occurredMs > latest) refusal = 'in_the_future'
          else {
            const covered = watched.get(video.id) ?? 0
            if (covered <= 0 || covered < RATING_MIN_WATCHED_SHARE * video.duration_seconds) refusal = 'not_watched'
          }
          seen.add(rating.client_id)
          if (refusal || !video) {
            result.rejected.push({ client_id: rating.client_id, error: refusal ?? 'unknown_video', message: MESSAGES[refusal ?? 'unknown_video'] })
            continue
          }
          result.accepted.push(rating.client_id)
          receipts.push({ user_id: user.id, client_id: rating.client_id, video_id: video.id })
          const occurredAt = new Date(entry.occurredMs).toISOString()
          const previous = kept.get(video.id)
          if (!replaces({ client_id: rating.client_id, occurred_at: occurredAt }, previous)) continue
          const raterSeconds = await raterInputSeconds(video.language_code)
          const row: RatingRow = {
            user_id: user.id,
            video_id: video.id,
            client_id: rating.client_id,
            understood: rating.understood,
            occurred_at: occurredAt,
            rater_input_seconds: raterSeconds,
            evidence: ratingEvidence(rating.understood, raterSeconds),
            received_at: nowIso,
          }
          const sum = sums.get(video.id) ?? { count: 0, evidence: 0 }
          sum.count += previous ? 0 : 1
          sum.evidence += row.evidence - (previous?.evidence ?? 0)
          sums.set(video.id, sum)
          kept.set(video.id, row)
          changed.set(video.id, row)
        }

        if ((await ratings.insertReceipts(receipts)) !== receipts.length) throw new ConcurrentRatingError('a rating of the batch was stored meanwhile')
        await ratings.save([...changed.values()])
        await applySums(ratings, sums)
        return result
      })
    },

    /**
     * Takes a learner's ratings out of the scores and erases them with their receipts, inside the
     * caller's transaction (the account deletion's): a deleted account leaves no trace in any score.
     */
    async forgetLearner(trx: Kysely<Database>, userId: number): Promise<void> {
      await deps.locking.lockUserRows(trx, userId)
      const ratings = createRatingsRepository(trx)
      const sums = new Map<number, { count: number; evidence: number }>()
      for (const row of await ratings.allOf(userId)) sums.set(row.video_id, { count: -1, evidence: -row.evidence })
      await applySums(ratings, sums)
      await ratings.deleteAllOf(userId)
    },
  }
}
