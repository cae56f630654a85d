/**
 * The word sums 0080's triggers keep (the list's known shares read them) equal, after any sequence of
 * changes, the sum they replace made afresh from track_words and word_states: states set, changed and
 * removed, a track's words rewritten (as a caption save or the re-segmenting job does), a track and a
 * learner removed; read by the sums query and by the catalogue's list, which joins them. On both engines (`--project server` and `--project server-postgres`).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { freshTrackWordSums } from './fresh-track-word-sums.ts'
import { createTrackWordsRepository, keptSumsOf } from './track-words.repository.ts'

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f']
const STATES = ['new', 'learning', 'known', 'ignored'] as const
const TRACKS = 3
const LEARNERS = 2

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Op =
  | { kind: 'state'; learner: number; key: string; state: (typeof STATES)[number] }
  | { kind: 'forget'; learner: number; key: string }
  | { kind: 'rewrite'; track: number; words: Array<[string, number, number]> }
  | { kind: 'dropTrack'; track: number }
  | { kind: 'dropLearner'; learner: number }

const learner = fc.integer({ min: 0, max: LEARNERS - 1 })
const key = fc.constantFrom(...KEYS)
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('state' as const), learner, key, state: fc.constantFrom(...STATES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forget' as const), learner, key }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rewrite' as const),
      track: fc.integer({ min: 0, max: TRACKS - 1 }),
      words: fc.uniqueArray(fc.tuple(key, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 })), { selector: (word) => word[0], maxLength: KEYS.length }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropTrack' as const), track: fc.integer({ min: 0, max: TRACKS - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropLearner' as const), learner }) },
)

describe('the kept word sums', () => {
  it('equal a fresh sum after random state changes, rewritten tracks and removals', async () => {
    const db = server.ctx.database.db
    const now = new Date().toISOString()
    let round = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        round++
        const users = await Promise.all(
          Array.from({ length: LEARNERS }, (_, index) =>
            db.insertInto('users').values({ email: `kept-${round}-${index}@example.com`, created_at: now }).returning('id').executeTakeFirstOrThrow(),
          ),
        )
        const owner = await db.insertInto('users').values({ email: `kept-${round}-owner@example.com`, created_at: now, is_contributor: 1 }).returning('id').executeTakeFirstOrThrow()
        const submissions: number[] = []
        const videoIds: number[] = []
        for (let track = 0; track < TRACKS; track++) {
          const videoId = await seedVideo(server, { title: `Kept ${round}.${track}` })
          const submission = await db
            .insertInto('submissions')
            .values({ user_id: owner.id, client_id: null, title: 'Kept', proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: null, duration_seconds: 60, published_video_id: videoId, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
          // Linked as publishing does, so the catalogue's list (which joins the kept sums) finds its track.
          await db.updateTable('videos').set({ submission_id: submission.id }).where('id', '=', videoId).execute()
          videoIds.push(videoId)
          submissions.push(submission.id)
        }
        const addTrack = (submissionId: number) =>
          db.insertInto('caption_tracks').values({ submission_id: submissionId, language: 'vi', vtt: 'WEBVTT\n', cue_count: 0, duration_seconds: 60, updated_at: now, lexicon_version: null, preview_seconds: null }).onConflict((oc) => oc.doNothing()).execute()
        for (const id of submissions) await addTrack(id)
        const alive = new Set(users.map((user) => user.id))
        let ms = 0
        for (const step of ops) {
          const userId = users[('learner' in step ? step.learner : 0)]!.id
          if (step.kind === 'state' && alive.has(userId)) {
            ms++
            await db
              .insertInto('word_states')
              .values({ user_id: userId, language_code: 'vi', key: step.key, state: step.state, client_id: `c${ms}`, occurred_at: now, occurred_ms: ms, received_at: now })
              .onConflict((oc) => oc.columns(['user_id', 'language_code', 'key']).doUpdateSet({ state: step.state, client_id: `c${ms}`, occurred_ms: ms }))
              .execute()
          } else if (step.kind === 'forget') {
            await db.deleteFrom('word_states').where('user_id', '=', userId).where('key', '=', step.key).execute()
          } else if (step.kind === 'rewrite') {
            const id = submissions[step.track]!
            await addTrack(id)
            await createTrackWordsRepository(db).replaceCounts(id, 'vi', step.words.map(([word, count, preview]) => ({ key: word, count, preview_count: Math.min(count, preview) })), 1, 30)
          } else if (step.kind === 'dropTrack') {
            await db.deleteFrom('caption_tracks').where('submission_id', '=', submissions[step.track]!).execute()
          } else if (step.kind === 'dropLearner') {
            await db.deleteFrom('users').where('id', '=', userId).execute()
            alive.delete(userId)
          }
        }
        const tracks = submissions.map((submissionId) => ({ submissionId, language: 'vi' }))
        const bySubmission = (rows: Array<{ submission_id: number }>) => [...rows].sort((a, b) => a.submission_id - b.submission_id)
        for (const user of users) {
          const kept = await createTrackWordsRepository(db).sums(user.id, tracks)
          const fresh = bySubmission(await freshTrackWordSums(db, user.id, tracks))
          expect(bySubmission(kept)).toEqual(fresh)
          // The list reads the same sums in its own query (LEFT JOINs), each video beside its row.
          const listed = await server.ctx.repositories.catalogue.list({ languageCode: 'vi', userId: user.id, sort: 'newest', withKeptSums: true, limit: 10_000 })
          const ours = listed.filter((row) => videoIds.includes(row.id))
          expect(ours).toHaveLength(TRACKS)
          expect(bySubmission(ours.flatMap((row) => keptSumsOf(row.submission_id!, row) ?? []))).toEqual(fresh)
        }
        // A removed learner or track leaves no kept row behind.
        const stray = await db.selectFrom('learner_track_words').select('user_id').where('user_id', 'in', users.map((user) => user.id)).where('user_id', 'not in', [0, ...alive]).execute()
        expect(stray).toEqual([])
      }),
      { numRuns: 30 },
    )
  })
})
