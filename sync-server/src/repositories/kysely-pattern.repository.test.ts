/**
 * The repositories on Kysely, on both engines: the same calls, the same answers. A repository moved to
 * Kysely adds its cases here or in a file of the same shape (test-support/test-databases.ts).
 */
import { expect, it } from 'vitest'
import { describeOnEachEngine, type TestEngine } from '../../test-support/test-databases.ts'
import { lockingFor } from '../db/dialect/locking.ts'
import { createFeedbackRepository } from './feedback.repository.ts'
import { createLanguagesRepository } from './languages.repository.ts'
import { createWaitlistRepository } from './waitlist.repository.ts'

describeOnEachEngine((engine, database) => {
  it('waitlist: adds an address once', async () => {
    const waitlist = createWaitlistRepository(database().db)
    await waitlist.add('hopeful@example.com', '2026-01-01T00:00:00.000Z')
    await waitlist.add('hopeful@example.com', '2026-01-02T00:00:00.000Z')
    expect(await waitlist.has('hopeful@example.com')).toBe(true)
    expect(await waitlist.has('other@example.com')).toBe(false)
    expect(await database().db.selectFrom('waitlist').selectAll().execute()).toEqual([{ email: 'hopeful@example.com', created_at: '2026-01-01T00:00:00.000Z' }])
  })

  it('languages: lists in order with published video counts as numbers, and knows which exist', async () => {
    await database().db
      .insertInto('videos')
      .values([
        { language_code: 'yue', title: 'Một', proficiency_level: 'beginner', published_at: '2026-01-01', created_at: '2026-01-01' },
        { language_code: 'yue', title: 'Hai', proficiency_level: 'beginner', published_at: '2026-01-02', created_at: '2026-01-01' },
        { language_code: 'vi', title: 'Draft', proficiency_level: 'beginner', published_at: null, created_at: '2026-01-01' },
      ])
      .execute()
    const languages = createLanguagesRepository(database().db)
    expect(await languages.list()).toEqual([
      { code: 'vi', name: 'Vietnamese', native_name: 'Tiếng Việt', video_count: 0 },
      { code: 'yue', name: 'Cantonese', native_name: '廣東話', video_count: 2 },
    ])
    expect(await languages.exists('vi')).toBe(true)
    expect(await languages.exists('fr')).toBe(false)
  })

  it('feedback: inserts once per client id, answering the first id to a repeat; without a client id every call inserts', async () => {
    const user = await database().db
      .insertInto('users')
      .values({ email: 'learner@example.com', created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const feedback = createFeedbackRepository(database().db, lockingFor(database().engine))
    const first = await feedback.insertOnce(user.id, 'c1', 'Phụ đề bị lệch.', '{"a":1}', '2026-01-01T00:00:00.000Z')
    const again = await feedback.insertOnce(user.id, 'c1', 'Phụ đề bị lệch.', '{"a":1}', '2026-01-01T00:00:01.000Z')
    expect(first).toEqual({ id: expect.any(Number), created: true })
    expect(again).toEqual({ id: first.id, created: false })
    const a = await feedback.insertOnce(user.id, null, 'No client id', null, '2026-01-01T00:00:02.000Z')
    const b = await feedback.insertOnce(user.id, null, 'No client id', null, '2026-01-01T00:00:03.000Z')
    expect(a.created && b.created && a.id !== b.id).toBe(true)
    const rows = await database().db.selectFrom('user_feedbacks').select(['id', 'feedback', 'environment_data']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: first.id, feedback: 'Phụ đề bị lệch.', environment_data: '{"a":1}' },
      { id: a.id, feedback: 'No client id', environment_data: null },
      { id: b.id, feedback: 'No client id', environment_data: null },
    ])
  })

  it('transactions: db.transaction().execute commits together or not at all', async () => {
    const waitlist = (trx: TestEngine['db']) => createWaitlistRepository(trx)
    await expect(
      database().db.transaction().execute(async (trx) => {
        await waitlist(trx).add('rolled-back@example.com', '2026-01-01T00:00:00.000Z')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await database().db.transaction().execute(async (trx) => {
      await waitlist(trx).add('kept@example.com', '2026-01-01T00:00:00.000Z')
    })
    expect(await waitlist(database().db).has('rolled-back@example.com')).toBe(false)
    expect(await waitlist(database().db).has('kept@example.com')).toBe(true)
  })
})
