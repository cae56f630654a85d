import { z } from 'zod'
import { UNDERSTOOD_MAX, UNDERSTOOD_MIN } from '../limits.ts'
import { dataOf, queryWholeNumber, uuidSchema } from './common.ts'

// Kept in limits.ts, which has no zod, so the PWA's outbox checks can take them.
export { UNDERSTOOD_MAX, UNDERSTOOD_MIN } from '../limits.ts'

/** Ratings per POST /ratings (an outbox call). */
export const RATINGS_MAX_BATCH = 100
/** A learner may rate a video once they have watched (covered) at least this share of it. */
export const RATING_MIN_WATCHED_SHARE = 0.5
/** A video's difficulty is shown from this many ratings on (null below). */
export const DIFFICULTY_SHOWN_FROM_RATINGS = 5
export const DIFFICULTY_MIN = 1
export const DIFFICULTY_MAX = 100

/** Why a rating was refused; the rest of its batch still lands. */
export const RATING_REJECTIONS = ['invalid_rating', 'unknown_video', 'not_watched', 'in_the_future'] as const
export type RatingRejection = (typeof RATING_REJECTIONS)[number]

export const ratingSchema = z.object({
  client_id: uuidSchema,
  video_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/).transform(Number)]),
  understood: z.number().int().min(UNDERSTOOD_MIN).max(UNDERSTOOD_MAX),
  occurred_at: z.iso.datetime({ offset: true }),
})
export type RatingInput = z.input<typeof ratingSchema>
export type Rating = z.output<typeof ratingSchema>

/** Each rating is checked alone (a bad one is `invalid_rating`, the others land), so the body only bounds the list. */
export const ratingsBodySchema = z.object({
  ratings: z
    .array(z.unknown(), { error: 'ratings must be a list.' })
    .min(1, { error: 'Send at least one rating.' })
    .max(RATINGS_MAX_BATCH, { error: `Send at most ${RATINGS_MAX_BATCH} ratings at once.` }),
})

export const ratingsResultSchema = dataOf(
  z.strictObject({
    accepted: z.array(z.string()),
    duplicate: z.array(z.string()),
    rejected: z.array(z.strictObject({ client_id: z.string().nullable(), error: z.enum(RATING_REJECTIONS), message: z.string() })),
  }),
)
export type RatingsResult = z.infer<typeof ratingsResultSchema>

/** GET /languages/CODE/next_for_you?limit= (beyond the contract): how many videos it answers. */
export const NEXT_FOR_YOU_DEFAULT_LIMIT = 10
export const NEXT_FOR_YOU_MAX_LIMIT = 50
export const nextForYouQuerySchema = z.object({
  limit: queryWholeNumber('limit', 1, NEXT_FOR_YOU_MAX_LIMIT, NEXT_FOR_YOU_DEFAULT_LIMIT),
})
