/**
 * A learner's saved lines as they read them (issue 43): GET /me/cards (due first, pages of 500, each
 * with its schedule, and the page's audio grant), a card's audio under that grant, the Anki package of a language's
 * cards, and the job that cuts a card's clip.
 *
 * A page carries one grant for the learner's session (`audio_grant`, media/card-audio-grants.ts: signed,
 * bound to the session, an hour long), and a card's audio URL is built from its id and that grant
 * (contract/card-audio.ts) rather than sent with each card; what it reaches is checked on each
 * fetch against the card's video as it is now: the card the grant's learner's, the session alive, the
 * video watchable by them, a preview's line before its cut. The bytes under it never change (the clip
 * is named by ladder and span), so they are sent `immutable` and the service worker keeps them by path;
 * until the clip is cut the URL answers 404.
 */
import type { Kysely } from 'kysely'
import { CARDS_PAGE_MAX, ERROR_CODES, type SavedCard } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { ApiError, notFound } from '../errors.ts'
import { newCardSchedule, sortReviews, stepCardSchedule, type ReviewRating } from '../../../contract/card-schedule.ts'
import { buildAnkiPackage, type AnkiNote, type AnkiReview } from '../media/anki-package.ts'
import { cutCardClip } from '../media/card-clip.ts'
import type { CardAudioGrants } from '../media/card-audio-grants.ts'
import type { MediaAccessRepository } from '../repositories/media-access.repository.ts'
import { createCardChangesRepository } from '../repositories/card-changes.repository.ts'
import { createCardsRepository, type ListedCardRow } from '../repositories/cards.repository.ts'
import { createLanguagesRepository } from '../repositories/languages.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { canWatch } from '../rules/access.ts'
import type { MediaStore } from '../storage/media-store.ts'
import { decodeCursor, encodeCursor } from '../pagination.ts'
import { z } from 'zod'

/** A page's last card in due order; `n`: when the pull's first page was answered (its next_since). */
const cursorSchema = z.object({ d: z.number().int(), i: z.string().max(64), n: z.number().int().optional() })
/** A page's last card in the order cards changed, in a since pull. */
const changedCursorSchema = z.object({ c: z.number().int(), i: z.string().max(64), n: z.number().int() })
const sinceSchema = z.object({ t: z.number().int() })
/**
 * How far before a pull's start its next_since reaches back: a write whose changed_ms was taken before
 * the pull read but committed after it (another API process, a long transaction, clocks a little apart)
 * still comes next time. Cards sent again unchanged are compared on the device and not written.
 */
export const SINCE_OVERLAP_MS = 60_000
const iso = (ms: number) => new Date(ms).toISOString()


/** "Title, 1:05" */
function sourceOf(title: string, start: number): string {
  const seconds = Math.floor(start)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return `${title}, ${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${s}`
}

export type CardsLibraryService = ReturnType<typeof createCardsLibraryService>

export function createCardsLibraryService(deps: {
  db: Kysely<Database>
  clock: Clock
  grants: CardAudioGrants
  access: Pick<MediaAccessRepository, 'sessionUser'>
  media: MediaStore
  previewSeconds: number
}) {
  const toCard = (row: ListedCardRow): SavedCard => ({
    id: row.client_id,
    video_id: row.video_id,
    video_title: row.video_title,
    start: row.start_seconds,
    end: row.end_seconds,
    text: row.text,
    translation: row.translation,
    audio_ready: row.clip_path !== null,
    created_at: row.created_at,
    state: row.state,
    due: iso(row.due_ms),
    stability: row.stability,
    difficulty: row.difficulty,
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.last_review_ms === null ? null : iso(row.last_review_ms),
    last_review_id: row.last_review_client_id,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    elapsed_days: row.elapsed_days,
  })

  async function requireLanguage(code: string) {
    if (!(await createLanguagesRepository(deps.db).exists(code))) throw notFound('No such language.')
  }

  return {
    async list(
      user: UserRow,
      tokenHash: string,
      query: { language: string; due_before?: string; cursor?: string; since?: string },
    ): Promise<{ data: SavedCard[]; next_cursor: string | null; audio_grant: string; next_since: string; removed: string[] }> {
      await requireLanguage(query.language)
      const cards = createCardsRepository(deps.db)
      const changes = createCardChangesRepository(deps.db)
      const since = decodeCursor(sinceSchema, query.since)
      let rows: ListedCardRow[]
      let startedMs: number
      let removed: string[] = []
      let nextCursor: (last: ListedCardRow) => string
      if (since) {
        const after = decodeCursor(changedCursorSchema, query.cursor)
        startedMs = after?.n ?? deps.clock.now()
        rows = await changes.listChangedPage(user.id, query.language, { sinceMs: since.t, after: after && { changed: after.c, id: after.i }, limit: CARDS_PAGE_MAX + 1 })
        // Once, on the first page; a removal landing after this read comes next time (the overlap).
        if (!after) removed = await changes.removedSince(user.id, query.language, since.t)
        nextCursor = (last) => encodeCursor({ c: last.changed_ms, i: last.client_id, n: startedMs })
      } else {
        const after = decodeCursor(cursorSchema, query.cursor)
        startedMs = after?.n ?? deps.clock.now()
        rows = await cards.listPage(user.id, query.language, {
          dueBeforeMs: query.due_before === undefined ? undefined : Date.parse(query.due_before),
          after: after && { due: after.d, id: after.i },
          limit: CARDS_PAGE_MAX + 1,
        })
        nextCursor = (last) => encodeCursor({ d: last.due_ms, i: last.client_id, n: startedMs })
      }
      const page = rows.slice(0, CARDS_PAGE_MAX)
      const last = page[page.length - 1]
      return {
        data: page.map(toCard),
        next_cursor: rows.length > CARDS_PAGE_MAX && last ? nextCursor(last) : null,
        // Once for the page, not a signed URL per card: what it reaches is checked on each fetch.
        audio_grant: deps.grants.issue(user.id, tokenHash),
        next_since: encodeCursor({ t: startedMs - SINCE_OVERLAP_MS }),
        removed,
      }
    },

    /** The stored key of a card's clip for a grant's holder; 403 for a grant that does not reach it, 404 until it is cut. */
    async audio(clientId: string, grantText: string): Promise<{ key: string; media: MediaStore }> {
      const refused = () => new ApiError(403, ERROR_CODES.forbidden, 'This audio link has expired or is not valid: open your saved lines again.')
      const grant = deps.grants.verify(grantText)
      if (!grant) throw refused()
      const card = await createCardsRepository(deps.db).withVideo(grant.userId, clientId.toLowerCase())
      if (!card) throw notFound('No such saved line.')
      const holder = await deps.access.sessionUser(grant.userId, grant.session, deps.clock.now())
      const access = holder ? canWatch(card, holder) : 'none'
      if (access === 'none' || (access === 'preview' && card.end_seconds > deps.previewSeconds)) throw refused()
      if (card.clip_path === null) throw notFound('The audio of this line is not ready yet.')
      return { key: card.clip_path, media: deps.media }
    },

    /** The job: cuts the card's clip (once per line of a ladder) and notes it on the card. */
    async cutClip(cardId: number, signal?: AbortSignal): Promise<void> {
      const cards = createCardsRepository(deps.db)
      const card = await cards.byId(cardId)
      // Removed meanwhile, or its video has no ladder (any more): nothing to cut.
      if (!card || card.media_key === null) return
      const key = await cutCardClip({ store: deps.media, mediaKey: card.media_key, start: card.start_seconds, end: card.end_seconds, signal })
      await cards.setClip(card.id, key, deps.clock.now())
    },

    /** GET /me/cards/export.apkg: every card of the language, with the audio cut so far. */
    async exportApkg(user: UserRow, language: string): Promise<Uint8Array> {
      await requireLanguage(language)
      const cards = createCardsRepository(deps.db)
      const notes: AnkiNote[] = []
      let after: { due: number; id: string } | undefined
      for (;;) {
        const rows = await cards.listPage(user.id, language, { after, limit: 1000 })
        const logs = new Map<string, Array<{ client_id: string; rating: ReviewRating; reviewed_at: number; duration_ms: number }>>()
        for (const review of await cards.reviewsOfCards(user.id, rows.map((row) => row.client_id))) {
          const log = logs.get(review.card_client_id) ?? []
          log.push({ client_id: review.client_id, rating: review.rating as ReviewRating, reviewed_at: review.reviewed_ms, duration_ms: review.duration_ms })
          logs.set(review.card_client_id, log)
        }
        for (const row of rows) {
          const audio = row.clip_path === null ? null : await readAll(deps.media, row.clip_path)
          notes.push({
            guid: row.client_id,
            sentence: row.text,
            translation: row.translation ?? '',
            audioName: audio ? `dehieu-${row.client_id}.m4a` : null,
            audio,
            source: sourceOf(row.video_title, row.start_seconds),
            schedule: { state: row.state, dueMs: row.due_ms, intervalDays: row.scheduled_days, reps: row.reps, lapses: row.lapses },
            reviews: revlogOf(Date.parse(row.created_at), logs.get(row.client_id) ?? []),
          })
        }
        const last = rows[rows.length - 1]
        if (rows.length < 1000 || !last) break
        after = { due: last.due_ms, id: last.client_id }
      }
      return buildAnkiPackage({ deckName: `Dễ Hiểu (${language})`, notes, nowMs: deps.clock.now() })
    },
  }
}

/** A card's reviews as Anki logs them: the contract's fold stepped review by review, each with the state before and the interval it set. */
function revlogOf(createdMs: number, log: Array<{ client_id: string; rating: ReviewRating; reviewed_at: number; duration_ms: number }>): AnkiReview[] {
  let schedule = newCardSchedule(createdMs)
  let lastIntervalMs = 0
  return sortReviews(createdMs, log).map((review) => {
    const before = schedule.state
    schedule = stepCardSchedule(schedule, createdMs, review)
    const atMs = schedule.last_review ?? review.reviewed_at
    const intervalMs = Math.max(0, schedule.due - atMs)
    const entry = { atMs, rating: review.rating, durationMs: review.duration_ms, before, intervalMs, lastIntervalMs }
    lastIntervalMs = intervalMs
    return entry
  })
}

async function readAll(store: MediaStore, key: string): Promise<Uint8Array | null> {
  const stream = await store.read(key)
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
