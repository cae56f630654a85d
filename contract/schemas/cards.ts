/**
 * Saved lines and review (issue 43, api-contract "Saved lines and review"): a card is one saved line of
 * a video, its reviews are graded replays, and its schedule is contract/card-schedule.ts's fold of them.
 * Cards and reviews are outbox calls answered item by item; a card's id on the wire is its client_id.
 */
import { z } from 'zod'
import { CARD_STATES, REVIEW_RATINGS } from '../card-schedule.ts'
import {
  CARD_MAX_SECONDS,
  CARD_MIN_SECONDS,
  CARD_REJECTIONS,
  CARD_REMOVAL_REJECTIONS,
  CARD_REMOVALS_MAX_BATCH,
  CARD_TEXT_MAX_CHARS,
  CARDS_MAX_BATCH,
  REVIEW_REJECTIONS,
  REVIEWS_MAX_BATCH,
} from '../vocabulary.ts'
import { countSchema, dataOf, isoDateSchema, isoDateTimeSchema, pageOf, uuidSchema } from './common.ts'
export {
  CARDS_MAX_BATCH,
  REVIEWS_MAX_BATCH,
  CARD_REMOVALS_MAX_BATCH,
  CARD_MIN_SECONDS,
  CARD_MAX_SECONDS,
  CARD_TEXT_MAX_CHARS,
  CARD_SAME_LINE_SECONDS,
  CARD_CLIP_PAD_SECONDS,
  CARDS_PAGE_MAX,
  CARD_REJECTIONS,
  REVIEW_REJECTIONS,
  CARD_REMOVAL_REJECTIONS,
  type CardRejection,
  type ReviewRejection,
  type CardRemovalRejection,
} from '../vocabulary.ts'

const videoIdSchema = z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/).transform(Number)])
const secondsSchema = z.number().min(0).max(24 * 3600)

/** One card of POST /cards, checked alone (a bad one is rejected, the rest land). */
export const cardSchema = z
  .object({
    client_id: uuidSchema,
    video_id: videoIdSchema,
    start: secondsSchema,
    end: secondsSchema,
    text: z.string().trim().min(1, { error: 'text is empty.' }).max(CARD_TEXT_MAX_CHARS, { error: `text is at most ${CARD_TEXT_MAX_CHARS} characters.` }),
    translation: z
      .string()
      .trim()
      .max(CARD_TEXT_MAX_CHARS, { error: `translation is at most ${CARD_TEXT_MAX_CHARS} characters.` })
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    created_at: z.iso.datetime({ offset: true }),
  })
  .refine((card) => card.end - card.start >= CARD_MIN_SECONDS - 1e-9 && card.end - card.start <= CARD_MAX_SECONDS + 1e-9, {
    error: `A saved line lasts from ${CARD_MIN_SECONDS} to ${CARD_MAX_SECONDS} seconds.`,
  })
export type CardInput = z.input<typeof cardSchema>
export type CardItem = z.output<typeof cardSchema>

export const cardsBodySchema = z.object({
  cards: z
    .array(z.unknown(), { error: 'cards must be a list.' })
    .min(1, { error: 'Send at least one card.' })
    .max(CARDS_MAX_BATCH, { error: `Send at most ${CARDS_MAX_BATCH} cards at once.` }),
})

/** One review of POST /reviews; card_id is the card's client_id. */
export const reviewSchema = z.object({
  client_id: uuidSchema,
  card_id: uuidSchema,
  rating: z.literal(REVIEW_RATINGS, { error: 'rating is 1 (again), 2 (hard), 3 (good) or 4 (easy).' }),
  reviewed_at: z.iso.datetime({ offset: true }),
  duration_ms: z.number().int().min(0).max(24 * 3600 * 1000).optional().default(0),
})
export type ReviewInput = z.input<typeof reviewSchema>
export type ReviewItem = z.output<typeof reviewSchema>

export const reviewsBodySchema = z.object({
  reviews: z
    .array(z.unknown(), { error: 'reviews must be a list.' })
    .min(1, { error: 'Send at least one review.' })
    .max(REVIEWS_MAX_BATCH, { error: `Send at most ${REVIEWS_MAX_BATCH} reviews at once.` }),
})

/** One removal of POST /card_removals. */
export const cardRemovalSchema = z.object({
  client_id: uuidSchema,
  card_id: uuidSchema,
  occurred_at: z.iso.datetime({ offset: true }),
})
export type CardRemovalInput = z.input<typeof cardRemovalSchema>

export const cardRemovalsBodySchema = z.object({
  removals: z
    .array(z.unknown(), { error: 'removals must be a list.' })
    .min(1, { error: 'Send at least one removal.' })
    .max(CARD_REMOVALS_MAX_BATCH, { error: `Send at most ${CARD_REMOVALS_MAX_BATCH} removals at once.` }),
})

const rejectedOf = <T extends readonly [string, ...string[]]>(errors: T) =>
  z.array(z.strictObject({ client_id: z.string().nullable(), error: z.enum(errors), message: z.string() }))

export const cardsResultSchema = dataOf(z.strictObject({ accepted: z.array(z.string()), duplicate: z.array(z.string()), rejected: rejectedOf(CARD_REJECTIONS) }))
export type CardsResult = z.infer<typeof cardsResultSchema>
/** `deferred`: reviews of a card the server does not hold yet, not stored; the outbox sends them again after the card. */
export const reviewsResultSchema = dataOf(
  z.strictObject({ accepted: z.array(z.string()), duplicate: z.array(z.string()), rejected: rejectedOf(REVIEW_REJECTIONS), deferred: z.array(z.string()) }),
)
export type ReviewsResult = z.infer<typeof reviewsResultSchema>
export const cardRemovalsResultSchema = dataOf(
  z.strictObject({ accepted: z.array(z.string()), duplicate: z.array(z.string()), rejected: rejectedOf(CARD_REMOVAL_REJECTIONS) }),
)
export type CardRemovalsResult = z.infer<typeof cardRemovalsResultSchema>

const blank = (value: unknown) => (value === '' ? undefined : value)

/**
 * GET /me/cards?language=CODE&due_before=ISO&cursor=&since=
 * `since`: an answer's `next_since` kept from an earlier pull; then only the cards changed after it come
 * (in the order they changed, paged by `cursor` as usual) and `removed` names the cards removed since.
 */
export const myCardsQuerySchema = z
  .object({
    language: z.preprocess(blank, z.string({ error: 'language is required.' }).min(1).max(20)),
    due_before: z.preprocess(blank, z.iso.datetime({ offset: true, error: 'due_before must be an ISO date-time.' }).optional()),
    cursor: z.preprocess(blank, z.string().max(200).optional()),
    since: z.preprocess(blank, z.string().max(200).optional()),
  })
  .refine((query) => query.since === undefined || query.due_before === undefined, { error: 'since and due_before do not go together.', path: ['since'] })

/** A card as GET /me/cards answers it, with its schedule (the fold of its reviews). */
export const savedCardSchema = z.strictObject({
  /** The card's client_id. */
  id: z.string(),
  video_id: z.number().int().positive(),
  video_title: z.string(),
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
  translation: z.string().nullable(),
  /** Whether its clip is cut: then `cardAudioUrl(id, audio_grant)` (contract/card-audio.ts) plays it; 404 before. */
  audio_ready: z.boolean(),
  created_at: isoDateTimeSchema,
  state: z.enum(CARD_STATES),
  due: isoDateTimeSchema,
  stability: z.number().min(0),
  difficulty: z.number().min(0),
  reps: countSchema,
  lapses: countSchema,
  last_review: isoDateTimeSchema.nullable(),
  /** The client_id of that last review: the fold's tie-break for a review at the same instant. */
  last_review_id: z.string().nullable(),
  /** ts-fsrs's own fields, so a device steps its reviews on the server's schedule as the server would. */
  scheduled_days: countSchema,
  learning_steps: countSchema,
  elapsed_days: countSchema,
})
export type SavedCard = z.infer<typeof savedCardSchema>
/**
 * A page of cards and, once for the page, the grant their audio is fetched under (signed, bound to the
 * session, an hour long): a page of 500 carries one grant rather than 500 signed URLs.
 */
export const myCardsSchema = pageOf(savedCardSchema).extend({
  audio_grant: z.string(),
  /**
   * The cursor to send as `since` on the next pull, the same on every page of this one: the changes from
   * a little before this pull began on (a card changed while it ran comes again next time; one that
   * comes again unchanged costs a compare, one missed would be lost).
   */
  next_since: z.string(),
  /** With `since`, on its first page: the ids of the language's cards removed since (by any device); [] otherwise. */
  removed: z.array(z.string()),
})

/** GET /me/cards/export.apkg?language=CODE */
export const cardsExportQuerySchema = z.object({ language: myCardsQuerySchema.shape.language })

/** GET /me/progress's reviews per local day (the same days as `days`, oldest first). */
export const reviewsByDaySchema = z.array(z.strictObject({ date: isoDateSchema, count: countSchema }))
