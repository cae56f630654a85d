/**
 * A caption track written in generations (issue 45 item 5, migration 0070) on both engines: its new
 * cues go in batches with turns between them, beside the old ones, and the track switches to them in
 * one write. A reader in the middle of a write (the transcript's cues, transcript search, the words'
 * cues) sees the whole old track; after it, the whole new one, and the old cues are gone. A write that
 * dies midway (its batches are committed one by one, as a process killed between two would leave them)
 * leaves the old track as it was, and the next write of the track clears what it left.
 */
import { expect, it } from 'vitest'
import type { CaptionLanguage } from '../../../contract/index.ts'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { textSearchFor } from '../db/dialect/text-search.ts'
import { createCaptionsRepository, type NewCaptionTrack } from './captions.repository.ts'
import { createCatalogueRepository } from './catalogue.repository.ts'
import { createTrackWordsRepository } from './track-words.repository.ts'

const CUES = 300

function track(submissionId: number, word: string, cues = CUES, language: CaptionLanguage = 'vi'): NewCaptionTrack {
  return {
    submissionId,
    language,
    vtt: `WEBVTT\n\n(${word})\n`,
    cues: Array.from({ length: cues }, (_, i) => ({ start: i, end: i + 0.5, text: `Câu ${i} ${word}` })),
    durationSeconds: cues - 0.5,
    nowIso: '2026-01-01T00:00:00.000Z',
  }
}

describeOnEachEngine((engine, database) => {
  async function published() {
    const db = database().db
    const user = await db.insertInto('users').values({ email: 'owner@example.com', created_at: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()
    const submission = await db
      .insertInto('submissions')
      .values({ user_id: user.id, title: 'Bài', proficiency_level: 'beginner', language_code: 'vi', created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Chợ', proficiency_level: 'beginner', created_at: '2026-01-01', published_at: '2026-01-01', submission_id: submission.id, duration_seconds: 600, access_level: 'free' })
      .execute()
    const search = textSearchFor(engine)
    const captions = createCaptionsRepository(db, search)
    const catalogue = createCatalogueRepository(db, search)
    const reader = {
      /** What a learner reads: the transcript's texts, whether a word finds the video, the words job's cues, the track's file. */
      texts: async () => (await captions.cues(submission.id, 'vi')).map((cue) => cue.text),
      finds: async (word: string) =>
        (await catalogue.list({ languageCode: 'vi', userId: user.id, sort: 'newest', limit: 10, query: word, transcriptReach: [{ accessLevel: 'free', beforeSeconds: null }] })).length > 0,
      matches: async (word: string) => (await captions.firstMatches([submission.id], word)).length,
      wordCues: async () => (await createTrackWordsRepository(db).cuesOf(submission.id, 'vi')).length,
      vtt: () => captions.vtt(submission.id, 'vi'),
      stored: async () => Number((await db.selectFrom('caption_cues').select((eb) => eb.fn.countAll().as('n')).where('submission_id', '=', submission.id).executeTakeFirstOrThrow()).n),
    }
    return { submission: submission.id, captions, reader }
  }

  const whole = (word: string, cues = CUES) => Array.from({ length: cues }, (_, i) => `Câu ${i} ${word}`)

  it('a reader during a write sees the whole old track, then the whole new one; the old cues are deleted after', async () => {
    const { submission, captions, reader } = await published()
    // A first track: nothing is there to read until it is switched to.
    const seenBeforeFirst: number[] = []
    await captions.replace(track(submission, 'xoài'), async () => {
      seenBeforeFirst.push((await reader.texts()).length)
    })
    expect(seenBeforeFirst.length).toBeGreaterThan(1)
    expect(seenBeforeFirst.every((n) => n === 0)).toBe(true)
    expect(await reader.texts()).toEqual(whole('xoài'))

    const during: Array<{ texts: string[]; findsOld: boolean; findsNew: boolean; matchesNew: number; wordCues: number; vtt?: string }> = []
    await captions.replace(track(submission, 'chuối', 200), async () => {
      during.push({
        texts: await reader.texts(),
        findsOld: await reader.finds('xoài'),
        findsNew: await reader.finds('chuối'),
        matchesNew: await reader.matches('chuối'),
        wordCues: await reader.wordCues(),
        vtt: await reader.vtt(),
      })
    })
    expect(during.length).toBeGreaterThan(1)
    for (const seen of during) {
      expect(seen).toEqual({ texts: whole('xoài'), findsOld: true, findsNew: false, matchesNew: 0, wordCues: CUES, vtt: 'WEBVTT\n\n(xoài)\n' })
    }
    expect(await reader.texts()).toEqual(whole('chuối', 200))
    expect([await reader.finds('xoài'), await reader.finds('chuối'), await reader.matches('chuối')]).toEqual([false, true, 200])
    expect(await reader.vtt()).toBe('WEBVTT\n\n(chuối)\n')
    expect(await reader.stored()).toBe(200)
  })

  it('a write that dies midway leaves the old track intact; the next write clears what it left', async () => {
    const { submission, captions, reader } = await published()
    await captions.replace(track(submission, 'xoài'))
    const died = new Error('the process died here')
    await expect(
      captions.replace(track(submission, 'chuối'), (written) => {
        if (written >= 128) throw died
      }),
    ).rejects.toBe(died)
    expect(await reader.texts()).toEqual(whole('xoài'))
    expect(await reader.finds('chuối')).toBe(false)
    expect(await reader.vtt()).toBe('WEBVTT\n\n(xoài)\n')
    expect(await reader.stored()).toBeGreaterThan(CUES) // the dead write's batch is still there, unread

    await captions.replace(track(submission, 'mít', 50))
    expect(await reader.texts()).toEqual(whole('mít', 50))
    expect(await reader.stored()).toBe(50)

    // Removed: nothing to read, nothing kept.
    expect(await captions.remove(submission, 'vi')).toBe(true)
    expect([await reader.texts(), await reader.vtt(), await reader.stored()]).toEqual([[], undefined, 0])
    expect(await captions.remove(submission, 'vi')).toBe(false)
  })

  it('two writes of one track at once: the one begun last wins, whole, and the other leaves nothing', async () => {
    const { submission, captions, reader } = await published()
    await captions.replace(track(submission, 'xoài'))
    let second: Promise<unknown> | undefined
    // The second begins while the first is in the middle, and switches first.
    await captions.replace(track(submission, 'chuối'), async (written) => {
      if (written === 128) {
        second = captions.replace(track(submission, 'mít', 40))
        await second
      }
    })
    await second
    expect(await reader.texts()).toEqual(whole('mít', 40))
    expect(await reader.stored()).toBe(40)
  })
})
