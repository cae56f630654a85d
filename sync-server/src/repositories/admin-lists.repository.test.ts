/**
 * The admin lists and their search (db/dialect/text-search.ts) on both engines:
 * the same calls, the same answers. Vietnamese is found with and without its tone marks.
 */
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { textSearchFor } from '../db/dialect/text-search.ts'
import { createAdminFeedbackRepository } from './admin-feedback.repository.ts'
import { createAdminVideosRepository } from './admin-videos.repository.ts'

const TITLES = ['Phở ở Hà Nội', 'Cà phê sữa đá', 'Tiếng Việt dễ hiểu', '100% cà phê', 'under_score', 'Something else']

describeOnEachEngine((engine, database) => {
  async function seedVideos() {
    const rows = await database().db
      .insertInto('videos')
      .values(
        TITLES.map((title, i) => ({
          language_code: 'vi',
          title,
          proficiency_level: 'beginner' as const,
          access_level: i % 2 ? ('premium' as const) : ('free' as const),
          youtube_id: i === 5 ? 'dQw4w9WgXcQ' : null,
          created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
        })),
      )
      .returning(['id', 'title'])
      .execute()
    return Object.fromEntries(rows.map((row) => [row.title, row.id]))
  }

  it('admin videos: finds Vietnamese with and without tone marks, in any case; short text too', async () => {
    const ids = await seedVideos()
    const videos = createAdminVideosRepository(database().db, textSearchFor(database().engine))
    const titles = async (q: string) => (await videos.list({ q, limit: 50 })).map((row) => row.title)
    for (const q of ['phở', 'pho', 'PHO', 'ha noi', 'Hà Nội', 'nội']) expect(await titles(q), q).toEqual(['Phở ở Hà Nội'])
    for (const q of ['tieng viet', 'de hieu', 'dễ hiểu', 'TIẾNG']) expect(await titles(q), q).toEqual(['Tiếng Việt dễ hiểu'])
    expect(await titles('ca phe')).toEqual(['100% cà phê', 'Cà phê sữa đá'])
    expect(await titles('sua')).toEqual(['Cà phê sữa đá'])
    // The YouTube id is searched too; wildcards are taken literally.
    expect(await titles('w9WgX')).toEqual(['Something else'])
    expect(await titles('0% c')).toEqual(['100% cà phê'])
    expect(await titles('r_s')).toEqual(['under_score'])
    expect(await titles('%')).toEqual(['100% cà phê'])
    expect(await titles('_')).toEqual(['under_score'])
    expect(await titles('nothing like it')).toEqual([])
    // Under three characters: still a substring search.
    expect(await titles('Hà')).toEqual(['Phở ở Hà Nội'])
    // "đ" is read as d either way.
    expect(await titles('sua da')).toEqual(['Cà phê sữa đá'])
    expect(await titles('SỮA ĐÁ')).toEqual(['Cà phê sữa đá'])
    expect(await titles('đễ hiểu')).toEqual(['Tiếng Việt dễ hiểu'])

    // Filters, order and keyset paging.
    expect((await videos.list({ access: 'premium', limit: 50 })).map((row) => row.title)).toEqual(['Something else', '100% cà phê', 'Cà phê sữa đá'])
    const first = await videos.list({ limit: 2 })
    expect(first.map((row) => row.title)).toEqual(['Something else', 'under_score'])
    const next = await videos.list({ after: { created: first[1].created_at, id: first[1].id }, limit: 2 })
    expect(next.map((row) => row.title)).toEqual(['100% cà phê', 'Tiếng Việt dễ hiểu'])
    expect((await videos.list({ q: 'ha noi', access: 'free', limit: 50 })).map((row) => row.title)).toEqual(['Phở ở Hà Nội'])
    expect((await videos.list({ q: 'ha noi', access: 'premium', limit: 50 })).map((row) => row.title)).toEqual([])
    expect((await videos.list({ q: 'cà', after: { created: first[1].created_at, id: first[1].id }, limit: 50 })).map((row) => row.title)).toEqual([
      '100% cà phê',
      'Cà phê sữa đá',
    ])

    // Changes, and the search follows a changed title (triggers on SQLite, the expression index on PostgreSQL).
    const pho = ids['Phở ở Hà Nội']
    await videos.update(pho, { access_level: 'preview', dialect: 'northern' })
    await videos.setThumbnails(pho, 'thumbnail-a.png', null)
    await videos.setThumbnails(pho, null, 'youtube-a.png')
    expect(await videos.findById(pho)).toMatchObject({ id: pho, access_level: 'preview', dialect: 'northern', thumbnail_file: 'thumbnail-a.png', youtube_thumbnail_file: 'youtube-a.png' })
    expect(await videos.findById(999_999)).toBeUndefined()
    await database().db.updateTable('videos').set({ title: 'Bún chả Hà Nội' }).where('id', '=', pho).execute()
    expect(await titles('bun cha')).toEqual(['Bún chả Hà Nội'])
    expect(await titles('pho o')).toEqual([])
  })

  it('admin feedback: searches the text or the sender e-mail (not the name), with the since filter and paging', async () => {
    const users = await database().db
      .insertInto('users')
      .values([
        { email: 'lan@example.com', display_name: 'Phụ đề', created_at: '2026-01-01T00:00:00.000Z' },
        { email: 'minh@example.com', display_name: null, created_at: '2026-01-01T00:00:00.000Z' },
      ])
      .returning('id')
      .execute()
    const [lan, minh] = users.map((user) => user.id)
    const rows = await database().db
      .insertInto('user_feedbacks')
      .values([
        { user_id: lan, feedback: 'Phụ đề bị lệch ở phút thứ hai.', environment_data: '{"a":1}', created_at: '2026-01-01T00:00:00.000Z' },
        { user_id: minh, feedback: 'The player froze.', environment_data: null, created_at: '2026-01-02T00:00:00.000Z' },
        { user_id: minh, feedback: 'Great app', environment_data: null, created_at: '2026-01-03T00:00:00.000Z' },
      ])
      .returning('id')
      .execute()
    const feedback = createAdminFeedbackRepository(database().db, textSearchFor(database().engine))
    const found = async (q: string) => (await feedback.list({ q, limit: 50 })).map((row) => row.id)
    expect(await found('phu de bi lech')).toEqual([rows[0].id])
    expect(await found('PHỤ ĐỀ')).toEqual([rows[0].id])
    expect(await found('lệch')).toEqual([rows[0].id])
    expect(await found('minh@')).toEqual([rows[2].id, rows[1].id])
    expect(await found('FROZE')).toEqual([rows[1].id])
    // The sender's name is not searched: only "Phụ đề" in the text of Lan's note is.
    expect(await found('phụ')).toEqual([rows[0].id])
    expect((await feedback.list({ since: '2026-01-02T00:00:00.000Z', limit: 50 })).map((row) => row.id)).toEqual([rows[2].id, rows[1].id])
    const page = await feedback.list({ limit: 1 })
    expect((await feedback.list({ after: { created: page[0].created_at, id: page[0].id }, limit: 5 })).map((row) => row.id)).toEqual([rows[1].id, rows[0].id])
    expect(await feedback.findById(rows[0].id)).toEqual({
      id: rows[0].id,
      feedback: 'Phụ đề bị lệch ở phút thứ hai.',
      environment_data: '{"a":1}',
      created_at: '2026-01-01T00:00:00.000Z',
      user_id: lan,
      user_email: 'lan@example.com',
      user_display_name: 'Phụ đề',
    })
    expect(await feedback.findById(999_999)).toBeUndefined()
  })
})
