/**
 * Catalogue, video progress, comments and the media server's access lookups on both engines: the same calls, the same answers. The
 * comment test runs eight clients, each on a connection of its own (as eight server processes
 * would), posting the same comments at once: each is stored exactly once.
 */
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { textSearchFor } from '../db/dialect/text-search.ts'
import { lockingFor } from '../db/dialect/locking.ts'
import { openEngine, type Engine } from '../db/engine.ts'
import type { NewRow } from '../db/schema.ts'
import { createCatalogueRepository, type VideoListFilter } from './catalogue.repository.ts'
import { createCommentsRepository } from './comments.repository.ts'
import { createMediaAccessRepository } from './media-access.repository.ts'
import { createVideoProgressRepository } from './video-progress.repository.ts'

describeOnEachEngine((engine, database) => {
  const addUser = async (email: string, displayName: string | null = null) =>
    (
      await database().db
        .insertInto('users')
        .values({ email, display_name: displayName, created_at: '2026-01-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id

  const addVideo = async (video: Partial<NewRow<'videos'>>) =>
    (
      await database().db
        .insertInto('videos')
        .values({ language_code: 'vi', title: 'Video', proficiency_level: 'beginner', created_at: '2026-01-01', published_at: '2026-01-01', ...video })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id

  it('catalogue: lists by filter, search (case-blind, % and _ literal), level sort and keyset pages', async () => {
    const user = await addUser('learner@example.com')
    const intro = await addVideo({ title: 'Dim sum 100% fun', proficiency_level: 'introductory', published_at: '2026-01-04' })
    const adv = await addVideo({ title: 'Harbour talk', proficiency_level: 'advanced', access_level: 'premium', published_at: '2026-01-03' })
    const beg = await addVideo({ title: 'Market_day', access_level: 'preview', published_at: '2026-01-02', duration_seconds: 100 })
    const begSameTime = await addVideo({ title: 'Chợ nổi', published_at: '2026-01-02', duration_seconds: 100 })
    await addVideo({ title: 'Draft', published_at: null })
    await addVideo({ title: 'Other language', language_code: 'yue' })
    const catalogue = createCatalogueRepository(database().db, textSearchFor(engine))
    const ids = async (filter: Partial<VideoListFilter>) =>
      (await catalogue.list({ languageCode: 'vi', userId: user, sort: 'newest', limit: 10, ...filter })).map((row) => row.id)

    expect(await ids({})).toEqual([intro, adv, begSameTime, beg])
    expect(await ids({ level: 'advanced' })).toEqual([adv])
    expect(await ids({ access: 'preview' })).toEqual([beg])
    expect(await ids({ query: 'HARBOUR' })).toEqual([adv])
    expect(await ids({ query: '100%' })).toEqual([intro])
    expect(await ids({ query: 'm_s' })).toEqual([])
    expect(await ids({ query: 'chợ' })).toEqual([begSameTime])
    expect(await ids({ sort: 'level' })).toEqual([intro, begSameTime, beg, adv])

    // Keyset: after the last row of a page, ties on published_at broken by id.
    const first = await catalogue.list({ languageCode: 'vi', userId: user, sort: 'newest', limit: 3 })
    const last = first[2]
    expect(last.id).toBe(begSameTime)
    expect(await ids({ after: { levelRank: last.level_rank, publishedAt: last.published_at!, id: last.id } })).toEqual([beg])
    const levelFirst = await catalogue.list({ languageCode: 'vi', userId: user, sort: 'level', limit: 2 })
    const levelLast = levelFirst[1]
    expect(levelLast).toMatchObject({ id: begSameTime, level_rank: 1 })
    expect(await ids({ sort: 'level', after: { levelRank: 1, publishedAt: levelLast.published_at!, id: levelLast.id } })).toEqual([beg, adv])

    // Finished (90% covered) videos hide when asked.
    const progress = createVideoProgressRepository(database().db)
    const row = { user_id: user, spans: '[[0,95]]', covered_seconds: 95, watch_seconds: 95, last_position_seconds: 95, last_watched_at: '2026-01-05' }
    await progress.save({ ...row, video_id: beg })
    expect(await ids({ hideFinished: true })).toEqual([intro, adv, begSameTime])

    const detail = await catalogue.findPublished(adv)
    expect(detail).toMatchObject({ id: adv, title: 'Harbour talk', access_level: 'premium', series_name: null, duration_seconds: 0, level_rank: 3 })
    expect(typeof detail!.level_rank).toBe('number')
    expect(await catalogue.findPublished(999_999)).toBeUndefined()
    expect((await catalogue.findPublishedByIds([beg, 999_999, intro])).map((video) => video.id)).toEqual([beg, intro])
    expect(await catalogue.findPublishedByIds([])).toEqual([])
    expect(await catalogue.findForWatching(adv)).toEqual({ id: adv, language_code: 'vi', access_level: 'premium', duration_seconds: 0, published_at: '2026-01-03' })
  })

  it('catalogue: sort=for_you puts the learner\'s level first, then the nearest (easier first), unfinished before finished, easier before harder, with keyset pages', async () => {
    const user = await addUser('learner@example.com')
    const other = await addUser('other@example.com')
    const advNew = await addVideo({ title: 'News', proficiency_level: 'advanced', published_at: '2026-02-01' })
    const begHard = await addVideo({ proficiency_level: 'beginner', difficulty: 40, difficulty_rank: 40, published_at: '2026-01-05' })
    const begEasy = await addVideo({ proficiency_level: 'beginner', difficulty: 20, difficulty_rank: 20, published_at: '2026-01-01' })
    const begUnscored = await addVideo({ proficiency_level: 'beginner', difficulty_rank: 101, published_at: '2026-01-06' })
    const begDone = await addVideo({ proficiency_level: 'beginner', difficulty: 10, difficulty_rank: 10, duration_seconds: 100, published_at: '2026-01-02' })
    const intro = await addVideo({ proficiency_level: 'introductory', published_at: '2026-01-03', difficulty_rank: 101 })
    const inter = await addVideo({ proficiency_level: 'intermediate', published_at: '2026-01-04', difficulty_rank: 101 })
    const progress = createVideoProgressRepository(database().db)
    const row = { spans: '[[0,95]]', covered_seconds: 95, watch_seconds: 95, last_position_seconds: 95, last_watched_at: '2026-01-05' }
    await progress.save({ ...row, user_id: user, video_id: begDone })
    // Another learner's progress changes nothing for this one.
    await progress.save({ ...row, user_id: other, video_id: begEasy })
    const catalogue = createCatalogueRepository(database().db, textSearchFor(engine))
    const list = (filter: Partial<VideoListFilter>) => catalogue.list({ languageCode: 'vi', userId: user, sort: 'for_you', limit: 20, ...filter })
    const order = [begEasy, begHard, begUnscored, begDone, intro, inter, advNew]
    expect((await list({ forLevelRank: 1 })).map((video) => video.id)).toEqual(order)
    // A newcomer (introductory) sees the introductory videos first, the advanced news last.
    expect((await list({ forLevelRank: 0 })).map((video) => video.id)).toEqual([intro, begEasy, begHard, begUnscored, begDone, inter, advNew])
    // Pages of 3 continue where the last one ended.
    const seen: number[] = []
    let after: VideoListFilter['after']
    for (;;) {
      const page = await list({ forLevelRank: 1, limit: 3, after })
      seen.push(...page.map((video) => video.id))
      if (page.length < 3) break
      const last = page[page.length - 1]!
      expect(typeof last.for_you_rank).toBe('number')
      after = { levelRank: last.level_rank, forYouRank: last.for_you_rank, publishedAt: last.published_at!, id: last.id }
    }
    expect(seen).toEqual(order)
  })

  it('video progress: saves over the last row, lists by language newest first, reads for a page of videos', async () => {
    const user = await addUser('learner@example.com')
    const a = await addVideo({ duration_seconds: 200 })
    const b = await addVideo({ duration_seconds: 100 })
    const c = await addVideo({ language_code: 'yue' })
    const progress = createVideoProgressRepository(database().db)
    const row = { user_id: user, spans: '[[0,10]]', covered_seconds: 10, watch_seconds: 10, last_position_seconds: 10, last_watched_at: '2026-01-01' }
    await progress.save({ ...row, video_id: a })
    await progress.save({ ...row, video_id: a, spans: '[[0,20.5]]', covered_seconds: 20.5, watch_seconds: 21, last_position_seconds: 20.5, last_watched_at: '2026-01-03' })
    await progress.save({ ...row, video_id: b, last_watched_at: '2026-01-02' })
    await progress.save({ ...row, video_id: c })
    expect(await progress.get(user, a)).toEqual({ ...row, video_id: a, spans: '[[0,20.5]]', covered_seconds: 20.5, watch_seconds: 21, last_position_seconds: 20.5, last_watched_at: '2026-01-03' })
    expect((await progress.forLanguage(user, 'vi')).map((p) => [p.video_id, p.duration_seconds])).toEqual([
      [a, 200],
      [b, 100],
    ])
    expect((await progress.forVideos(user, [b, c])).map((p) => p.video_id).sort((x, y) => x - y)).toEqual([b, c])
    expect(await progress.forVideos(user, [])).toEqual([])
    expect(await progress.get(user, 999_999)).toBeUndefined()
  })

  it('media access: a live session by the start of its token hash, the video and the submission owners of a media key', async () => {
    const user = await addUser('viewer@example.com')
    await database().db.updateTable('users').set({ is_premium: 1 }).where('id', '=', user).execute()
    const live = 'ab12'.repeat(16)
    await database().db
      .insertInto('sessions')
      .values([
        { token_hash: live, user_id: user, created_at: 1, expires_at: 2_000 },
        { token_hash: 'ab13'.repeat(16), user_id: user, created_at: 1, expires_at: 2_000, revoked_at: 1_500 },
      ])
      .execute()
    const access = createMediaAccessRepository(database().db)
    expect(await access.sessionUser(user, live.slice(0, 16), 1_000)).toEqual({ is_premium: 1, is_admin: 0, is_contributor: 0 })
    expect(await access.sessionUser(user, live.slice(0, 16), 2_000)).toBeUndefined() // expired
    expect(await access.sessionUser(user, 'ab13'.repeat(4), 1_000)).toBeUndefined() // revoked
    expect(await access.sessionUser(user + 1, live.slice(0, 16), 1_000)).toBeUndefined() // another user's grant

    const key = 'f'.repeat(32)
    await addVideo({ media_key: key, access_level: 'preview', published_at: '2026-01-02' })
    expect(await access.videoByMediaKey(key)).toEqual({ access_level: 'preview', published_at: '2026-01-02' })
    expect(await access.videoByMediaKey('0'.repeat(32))).toBeUndefined()
    await database().db
      .insertInto('submissions')
      .values({ user_id: user, title: 'Mine', proficiency_level: 'beginner', language_code: 'vi', created_at: '2026-01-01', media_key: key })
      .execute()
    expect(await access.submissionOwners(key)).toEqual([user])
    expect(await access.submissionOwners('0'.repeat(32))).toEqual([])
  })

  it('comments: pages oldest first after the cursor, with the author name', async () => {
    const user = await addUser('talker@example.com', 'Lan')
    const video = await addVideo({})
    const comments = createCommentsRepository(database().db, lockingFor(database().engine))
    const first = await comments.insertOnce(video, user, 'c1', 'Hay quá!', '2026-01-01T00:00:00.000Z')
    const second = await comments.insertOnce(video, user, 'c2', 'Cảm ơn', '2026-01-01T00:00:01.000Z')
    expect(first).toEqual({ created: true, comment: { id: expect.any(Number), video_id: video, text: 'Hay quá!', created_at: '2026-01-01T00:00:00.000Z', author_display_name: 'Lan', author_deleted_at: null } })
    expect(await comments.page(video, 0, 1)).toEqual([first.comment])
    expect(await comments.page(video, first.comment.id, 5)).toEqual([second.comment])
    // A repeat answers the first comment, also when the repeat names another video (the service's 409).
    const other = await addVideo({})
    expect(await comments.insertOnce(other, user, 'c1', 'Khác', '2026-01-02T00:00:00.000Z')).toEqual({ created: false, comment: first.comment })
  })

  it('comments: eight clients on connections of their own post the same comments at once, and each is stored once', async () => {
    const users = [await addUser('a@example.com', 'A'), await addUser('b@example.com', 'B')]
    const video = await addVideo({})
    const clients: Engine[] = []
    try {
      for (let i = 0; i < 8; i++) clients.push(await openEngine({ dataDir: database().dataDir, databaseUrl: database().url }))
      // Connections opened first, so the posts race each other rather than the connection set-up.
      await Promise.all(clients.flatMap((client) => Array.from({ length: 5 }, () => sql`SELECT 1`.execute(client.db))))
      // Every client sends every comment of both users (the outbox retrying in eight tabs or processes).
      const posts = clients.flatMap((client, clientIndex) =>
        users.flatMap((user) =>
          Array.from({ length: 5 }, (_, n) => {
            // Each client in its own order, so the same ids race from different sides.
            const k = (n + clientIndex) % 5
            return createCommentsRepository(client.db, lockingFor(client.engine)).insertOnce(video, user, `comment-${k}`, `Bình luận ${k}`, `2026-01-01T00:00:0${k}.000Z`)
          }),
        ),
      )
      const answers = await Promise.all(posts)
      const rows = await database().db.selectFrom('comments').select(['id', 'user_id', 'client_id']).orderBy('id').execute()
      expect(rows).toHaveLength(10)
      expect(new Set(rows.map((row) => `${row.user_id}/${row.client_id}`)).size).toBe(10)
      // One answer per stored comment says created; the others got that comment back.
      expect(answers.filter((answer) => answer.created)).toHaveLength(10)
      const idOf = new Map(rows.map((row) => [`${row.user_id}/${row.client_id}`, row.id]))
      for (const answer of answers) {
        const stored = rows.find((row) => row.id === answer.comment.id)
        expect(stored).toBeDefined()
        expect(idOf.get(`${stored!.user_id}/${stored!.client_id}`)).toBe(answer.comment.id)
        expect(answer.comment.text).toBe(`Bình luận ${stored!.client_id.slice('comment-'.length)}`)
      }
    } finally {
      for (const client of clients) await client.close()
    }
  })
})
