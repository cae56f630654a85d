import { z } from 'zod'
import { dataOf, queryWholeNumber, uuidSchema } from './common.ts'
import { UNDERSTOOD_MIN, UNDERSTOOD_MAX, RATINGS_MAX_BATCH, RATING_REJECTIONS } from '../vocabulary.ts'
export { UNDERSTOOD_MIN, UNDERSTOOD_MAX, RATINGS_MAX_BATCH, RATING_MIN_WATCHED_SHARE, DIFFICULTY_MIN, DIFFICULTY_MAX, RATING_REJECTIONS, type RatingRejection } from '../vocabulary.ts'

/** A video's difficulty is shown from this many ratings on (null below). */
export const DIFFICULTY_SHOWN_FROM_RATINGS = 5


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
