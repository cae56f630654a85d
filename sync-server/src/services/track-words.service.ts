/**
 * The words of videos (issue 42): each cue's tokens and each track's counts, made when a track is saved
 * and again by a job when its language's lexicon changed; and what they tell a learner.
 *
 * - Only the track in the video's own language is segmented (a Vietnamese video's `vi` track).
 * - A track's counts are kept twice: the whole track, and the cues a preview shows (those starting
 *   before PREVIEW_SECONDS, as the transcript's preview cut), so what a non-premium learner learns of a
 *   preview video (its share, its words, the common words) comes from the part they may read only, and
 *   nothing at all of a premium video they may not watch.
 * - VideoSummary.words: `known_share` is the share of the readable part's tokens whose key is known or
 *   ignored; null without such a track, or for a video the learner may not read.
 */
import type { Kysely } from 'kysely'
import type { CaptionLanguage, CommonWords, VideoWords, VideoWordsSummary } from '../../../contract/index.ts'
import { ERROR_CODES, shareOfSums } from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { ApiError, notFound } from '../errors.ts'
import type { CatalogueRepository, WatchableVideoRow } from '../repositories/catalogue.repository.ts'
import { createLexiconRepository } from '../repositories/lexicon.repository.ts'
import { createTrackWordsRepository, keptSumsOf, type KeptSumColumns, type TrackWordSums } from '../repositories/track-words.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { canWatch } from '../rules/access.ts'
import { glossesOf, type LexiconService } from './lexicon.service.ts'
import { wordsOfCues } from '../captions/words-of-cues.ts'
import type { LexiconToSegmentWith } from '../captions/prepare-off-thread.ts'
import type { Segmenting } from '../captions/prepare-track.ts'

/** The stored tokens of a cue as the transcript answers them. */
export function tokensOf(stored: string | null | undefined): Array<{ from: number; to: number; key: string }> | undefined {
  if (!stored) return undefined
  return (JSON.parse(stored) as Array<[number, number, string]>).map(([from, to, key]) => ({ from, to, key }))
}

/** A learner's view of a track's sums: the whole track, or the preview's part (the arithmetic: contract/known-share.ts). */
function summaryOf(sums: TrackWordSums | undefined, part: 'full' | 'preview'): VideoWordsSummary {
  if (!sums) return { total: 0, distinct: 0, known_share: null, new_distinct: 0 }
  const full = part === 'full'
  return shareOfSums({
    total: full ? sums.total : sums.preview_total,
    known: full ? sums.known : sums.preview_known,
    distinct: full ? sums.distinct_keys : sums.preview_distinct,
    new_distinct: full ? sums.new_distinct : sums.preview_new_distinct,
  })
}

const LOCKED: VideoWordsSummary = { total: 0, distinct: 0, known_share: null, new_distinct: 0 }

/** One video's summary for this learner: none of a video she may not watch, a preview's part for a preview. */
function summaryFor(user: UserRow, row: WatchableVideoRow & { submission_id: number | null }, sums: TrackWordSums | undefined): VideoWordsSummary {
  const access = canWatch(row, user)
  if (row.submission_id === null || access === 'none') return LOCKED
  return summaryOf(sums, access === 'preview' ? 'preview' : 'full')
}

export type TrackWordsService = ReturnType<typeof createTrackWordsService>

export function createTrackWordsService(deps: {
  db: Kysely<Database>
  lexicon: LexiconService
  catalogue: Pick<CatalogueRepository, 'findPublished'>
  previewSeconds: number
}) {
  const trackWords = createTrackWordsRepository(deps.db)

  return {
    previewSeconds: deps.previewSeconds,

    /**
     * The segmenter of a track about to be saved in-process (`db`: inside the caller's transaction), or
     * undefined when the track is not in the video's own language.
     */
    async segmenting(db: Kysely<Database>, videoLanguage: string, trackLanguage: CaptionLanguage): Promise<Segmenting | undefined> {
      if (trackLanguage !== videoLanguage) return undefined
      const { version, segmenter } = await deps.lexicon.segmenter(videoLanguage, db)
      return { segmenter, version, previewSeconds: deps.previewSeconds }
    },

    /**
     * The lexicon a preparer thread segments an upload with (captions/prepare-off-thread.ts), or
     * undefined when the track is not in the video's own language. The keys are read only when the
     * thread lacks this version; should the lexicon change between the two reads, the track notes the
     * older version and the resegmenting job makes its words again.
     */
    async lexiconFor(videoLanguage: string, trackLanguage: CaptionLanguage): Promise<LexiconToSegmentWith | undefined> {
      if (trackLanguage !== videoLanguage) return undefined
      const lexicon = createLexiconRepository(deps.db)
      const version = (await lexicon.version(videoLanguage)) ?? 0
      return { language: videoLanguage, version, previewSeconds: deps.previewSeconds, keys: () => lexicon.keys(videoLanguage) }
    },

    /** The job: every track of the language segmented against an older lexicon (or preview length) done again, each in a transaction. */
    async resegmentLanguage(language: string): Promise<number> {
      const version = (await createLexiconRepository(deps.db).version(language)) ?? 0
      const stale = await trackWords.staleTracks(language, version, deps.previewSeconds)
      for (const track of stale) {
        // Built once outside (kept), so each track's transaction finds it at the version it reads.
        await deps.lexicon.segmenter(language)
        await deps.db.transaction().execute(async (trx) => {
          const { version: current, segmenter } = await deps.lexicon.segmenter(language, trx)
          const repository = createTrackWordsRepository(trx)
          const cues = await repository.cuesOf(track.submission_id, track.language)
          const words = wordsOfCues(segmenter, cues.map((cue) => ({ start: cue.start_seconds, text: cue.text })), deps.previewSeconds)
          await repository.setCueTokens(cues.map((cue, index) => ({ id: cue.id, tokens: words.tokens[index]! })))
          await repository.replaceCounts(track.submission_id, track.language, words.counts, current, deps.previewSeconds)
        })
      }
      return stale.length
    },

    /**
     * At start: a language whose tracks were segmented against another lexicon version or preview
     * length (PREVIEW_SECONDS changed, a job lost) gets its job, once per version and length.
     */
    async enqueueStale(jobs: Pick<AppJobQueue, 'enqueueOnce'>, languages: readonly string[]): Promise<void> {
      for (const language of languages) {
        const version = (await createLexiconRepository(deps.db).version(language)) ?? 0
        if ((await trackWords.staleTracks(language, version, deps.previewSeconds)).length === 0) continue
        await jobs.enqueueOnce('resegment_language', { language }, `resegment_language@${language}@${version}@${deps.previewSeconds}`)
      }
    },

    /** GET /videos/ID/words: for those who may read its transcript; a preview's part for a preview. */
    async videoWords(user: UserRow, videoId: number): Promise<VideoWords> {
      const video = await deps.catalogue.findPublished(videoId)
      if (!video) throw notFound('No such video.')
      const access = canWatch(video, user)
      if (access === 'none') throw new ApiError(403, ERROR_CODES.premiumRequired, 'This video is for premium members.')
      if (video.submission_id === null) return { counts: [] }
      const rows = await trackWords.countsOf(video.submission_id, video.language_code)
      const counts: Array<[string, number]> =
        access === 'full'
          ? rows.map((row) => [row.key, row.count])
          : rows.filter((row) => row.preview_count > 0).map((row) => [row.key, row.preview_count])
      return { counts: access === 'full' ? counts : counts.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)) }
    },

    /** VideoSummary.words for a page of videos, by video id (one query for the page's kept sums). */
    async summaries(user: UserRow, rows: ReadonlyArray<WatchableVideoRow & { submission_id: number | null }>): Promise<Map<number, VideoWordsSummary>> {
      const readable = rows.filter((row) => row.submission_id !== null && canWatch(row, user) !== 'none')
      const sums = new Map(
        (await trackWords.sums(user.id, readable.map((row) => ({ submissionId: row.submission_id!, language: row.language_code })))).map((sum) => [sum.submission_id, sum]),
      )
      return new Map(rows.map((row) => [row.id, summaryFor(user, row, row.submission_id === null ? undefined : sums.get(row.submission_id))]))
    },

    /**
     * The same from rows that carry their kept sums (the catalogue's list, `withKeptSums`): no query.
     * Which part a learner may read is chosen here, as above, not by the list's SQL.
     */
    summariesOfKept(user: UserRow, rows: ReadonlyArray<WatchableVideoRow & { submission_id: number | null } & Partial<KeptSumColumns>>): Map<number, VideoWordsSummary> {
      return new Map(rows.map((row) => [row.id, summaryFor(user, row, row.submission_id === null ? undefined : keptSumsOf(row.submission_id, row))]))
    },

    /** GET /languages/CODE/common_words: the readable transcripts' words, most frequent first, with their meanings. */
    async common(user: UserRow, language: string, limit: number, offset: number): Promise<CommonWords> {
      if ((await createLexiconRepository(deps.db).version(language)) === undefined) throw notFound('No such language.')
      const entitled = user.is_premium === 1 || user.is_admin === 1
      const words = await trackWords.common(language, entitled, limit, offset)
      const entries = new Map((await createLexiconRepository(deps.db).byKeys(language, words.map((word) => word.key))).map((row) => [row.key, row]))
      return words.map((word) => {
        const entry = entries.get(word.key)
        return { key: word.key, headword: entry?.headword ?? word.key, glosses: entry ? glossesOf(entry) : [], count: word.count }
      })
    },
  }
}
