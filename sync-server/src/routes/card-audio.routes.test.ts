/**
 * A saved line's audio and the Anki package (issue 43), on both engines, with real ffmpeg: the clip
 * job cuts the line with 0.25 s either side from the ladder's a48k rendition (its duration and size
 * checked with ffprobe), the audio URL answers 404 until then and the clip after, under the video's
 * access rules (a forged or another learner's grant, a video turned premium: 403), and the .apkg holds a
 * collection.anki2 whose notes and media read back.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardAudioUrl, uuidv7 } from '../../../contract/index.ts'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { maxVolume } from '../../test-support/audio-level.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { mediaDir } from '../storage/media-paths.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { person } from '../../test-support/words-fixtures.ts'
import { DELETION_CODE } from '../../test-support/smtp-capture.ts'

let server: TestServer
let videoId: number
let toneVideoId: number

/** A ladder whose a48k rendition is silent but for a tone from 7 to 9 s (its 2 s segments as the fixture's). */
function toneLadder(dataDir: string): string {
  const mediaKey = makeHlsFixture(dataDir, 12, { audioOnly: true })
  const folder = mediaDir(dataDir, mediaKey)
  fs.rmSync(path.join(folder, 'a48k'), { recursive: true })
  fs.mkdirSync(path.join(folder, 'a48k'))
  execFileSync(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', "aevalsrc='if(between(t,7,9),0.5*sin(2*PI*440*t),0)':s=48000:d=12",
      '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
      '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', 'a48k/seg_%03d.m4s', 'a48k/index.m3u8'],
    { cwd: folder },
  )
  return mediaKey
}

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: '7' } })
  const mediaKey = makeHlsFixture(server.dataDir, 12, { audioOnly: true })
  videoId = await seedVideo(server, { access: 'free', duration: 12, mediaKey, title: 'Chợ Bến Thành' })
  toneVideoId = await seedVideo(server, { access: 'free', duration: 12, mediaKey: toneLadder(server.dataDir) })
})
afterAll(() => server.close())

type Learner = Awaited<ReturnType<typeof person>>
const save = async (learner: Learner, start: number, end: number, text = 'Chợ mở cửa lúc sáu giờ.', video = videoId) => {
  const line = { client_id: uuidv7(), video_id: video, start, end, text, translation: 'The market opens at six.', created_at: new Date(server.clock.now()).toISOString() }
  expect((await learner.api.post('/cards', { cards: [line] })).body.data.accepted).toEqual([line.client_id])
  return line
}
/** The learner's cards, each with the URL its audio is asked at: its path under the page's one grant. */
const cardsOf = async (learner: Learner) => {
  const page = (await learner.api.get('/me/cards?language=vi')).body as { data: Array<{ id: string; audio_ready: boolean }>; audio_grant: string }
  return page.data.map((card) => ({ ...card, audio_url: cardAudioUrl(card.id, page.audio_grant) }))
}
const fetchAudio = (url: string) => fetch(`${server.baseUrl}${url}`)

function probe(file: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,format_name:stream=codec_name,channels', '-of', 'json', file], { encoding: 'utf8' })
  return JSON.parse(out) as { format: { duration: string; format_name: string }; streams: Array<{ codec_name: string; channels: number }> }
}

describe('the clip of a saved line', () => {
  it('is cut once the card lands: the line with 0.25 s either side, AAC mono at about 6 KB a second', async () => {
    const learner = await person(server, 'learner')
    const line = await save(learner, 3.4, 5.9)
    const [before] = await cardsOf(learner)
    expect(before!.audio_ready).toBe(false)
    await server.ctx.jobs.whenIdle()
    const [after] = await cardsOf(learner)
    expect(after!.audio_ready).toBe(true)

    const answer = await fetchAudio(after!.audio_url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('audio/mp4')
    expect(answer.headers.get('cache-control')).toContain('immutable')
    const bytes = Buffer.from(await answer.arrayBuffer())
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clip-')), 'clip.m4a')
    fs.writeFileSync(file, bytes)
    const probed = probe(file)
    expect(probed.streams).toEqual([{ codec_name: 'aac', channels: 1 }])
    expect(probed.format.format_name).toContain('mp4')
    const seconds = Number(probed.format.duration)
    // 2.5 s of line and 0.5 s of padding, within an AAC frame or two.
    expect(seconds).toBeGreaterThan(2.9)
    expect(seconds).toBeLessThan(3.15)
    expect(bytes.length / seconds).toBeLessThan(9000)
    expect(bytes.length / seconds).toBeGreaterThan(3000)
    // A range, as Safari asks first.
    const ranged = await fetch(`${server.baseUrl}${after!.audio_url}`, { headers: { range: 'bytes=0-1' } })
    expect(ranged.status).toBe(206)
    expect(line.client_id).toBe(after!.id)
  })

  it('starts no earlier than the video: a line at 0 is padded only after it', async () => {
    const learner = await person(server, 'learner')
    await save(learner, 0, 1.5)
    await server.ctx.jobs.whenIdle()
    const [saved] = await cardsOf(learner)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clip-')), 'clip.m4a')
    fs.writeFileSync(file, Buffer.from(await (await fetchAudio(saved!.audio_url)).arrayBuffer()))
    const seconds = Number(probe(file).format.duration)
    expect(seconds).toBeGreaterThan(1.65)
    expect(seconds).toBeLessThan(1.9)
  })

  it('holds the line\'s own sound: a line in the silence is silent, the line of the tone is loud', async () => {
    const learner = await person(server, 'learner')
    const quiet = await save(learner, 4, 6.5, 'Im lặng.', toneVideoId)
    const loud = await save(learner, 7.3, 8.7, 'Tiếng chuông.', toneVideoId)
    await server.ctx.jobs.whenIdle()
    const cards = new Map((await cardsOf(learner)).map((item) => [item.id, item]))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clip-'))
    const level = async (id: string) => {
      const file = path.join(dir, `${id}.m4a`)
      fs.writeFileSync(file, Buffer.from(await (await fetchAudio(cards.get(id)!.audio_url)).arrayBuffer()))
      return maxVolume(file)
    }
    // The tone begins 0.5 s after the quiet clip ends (6.5 + 0.25): a clip cut from the wrong segment would hold it.
    expect(await level(quiet.client_id)).toBeLessThan(-60)
    expect(await level(loud.client_id)).toBeGreaterThan(-12)
  })

  it('is refused to a forged grant, to another learner, and once the video is premium', async () => {
    const owner = await person(server, 'learner')
    await save(owner, 6, 8)
    await server.ctx.jobs.whenIdle()
    const [saved] = await cardsOf(owner)
    const url = saved!.audio_url
    expect((await fetchAudio(url.replace(/grant=[^&]+$/, 'grant=1.abc.def.9.0.xyz'))).status).toBe(403)
    expect((await fetchAudio(url.replace(/grant=.*$/, ''))).status).toBe(403)
    // Another learner's grant for the same video does not reach this learner's card.
    const other = await person(server, 'learner')
    await save(other, 9, 10.5)
    const [theirs] = await cardsOf(other)
    const theirGrant = new URL(theirs!.audio_url, server.baseUrl).searchParams.get('grant')!
    expect((await fetchAudio(url.replace(/grant=.*$/, `grant=${theirGrant}`))).status).toBe(404)

    await server.ctx.database.db.updateTable('videos').set({ access_level: 'premium' }).where('id', '=', videoId).execute()
    try {
      // What the grant reaches is checked on each fetch: the same URL, the video no longer watchable.
      expect((await fetchAudio(url)).status).toBe(403)
      await server.ctx.database.db.updateTable('videos').set({ access_level: 'preview' }).where('id', '=', videoId).execute()
      // A preview: this line (6..8 s) ends past its cut (PREVIEW_SECONDS 7 here).
      expect((await fetchAudio(url)).status).toBe(403)
    } finally {
      await server.ctx.database.db.updateTable('videos').set({ access_level: 'free' }).where('id', '=', videoId).execute()
    }
    expect((await fetchAudio(url)).status).toBe(200)
    // Signed out: the session the grant is bound to is gone.
    expect((await owner.api.post('/auth/logout', {})).status).toBeLessThan(300)
    expect((await fetchAudio(url)).status).toBe(403)
  })

  it('carries one short grant for all of a page\'s cards, whatever their videos, sent once for the page', async () => {
    const learner = await person(server, 'learner')
    await save(learner, 1, 2)
    await save(learner, 4, 6.5, 'Im lặng.', toneVideoId)
    await server.ctx.jobs.whenIdle()
    const page = (await learner.api.get('/me/cards?language=vi')).body as { data: Array<Record<string, unknown>>; audio_grant: string }
    expect(page.audio_grant.length).toBeLessThan(64)
    // No card carries a URL or a grant of its own: the page's grant plays every card's clip.
    for (const card of page.data) {
      expect(JSON.stringify(card)).not.toContain(page.audio_grant)
      expect(card).not.toHaveProperty('audio_url')
      expect((await fetchAudio(cardAudioUrl(card.id as string, page.audio_grant))).status).toBe(200)
    }
  })

  it('answers 404 until the clip is cut', async () => {
    const learner = await person(server, 'learner')
    const line = await save(learner, 10, 11)
    const [saved] = await cardsOf(learner)
    const row = await server.ctx.database.db.selectFrom('cards').select('clip_path').where('client_id', '=', line.client_id).executeTakeFirstOrThrow()
    // Before the job ran (it may have run already on a fast machine: then the clip is there).
    const status = (await fetchAudio(saved!.audio_url)).status
    expect(row.clip_path === null ? [404, 200] : [200]).toContain(status)
    await server.ctx.jobs.whenIdle()
    expect((await fetchAudio(saved!.audio_url)).status).toBe(200)
  })
})

describe('a clip file', () => {
  const clipOf = async (clientId: string) =>
    (await server.ctx.database.db.selectFrom('cards').select('clip_path').where('client_id', '=', clientId).executeTakeFirstOrThrow()).clip_path!
  const stored = async (key: string) => (await server.ctx.storage.media.stat(key)) !== undefined
  const remove = (learner: Learner, cardId: string) =>
    learner.api.post('/card_removals', { removals: [{ client_id: uuidv7(), card_id: cardId, occurred_at: new Date(server.clock.now()).toISOString() }] })

  it('goes with the last card that plays it: a line two learners saved keeps its clip until both removed it', async () => {
    const first = await person(server, 'learner')
    const second = await person(server, 'learner')
    const mine = await save(first, 2.2, 3.2, 'Một câu chung.', toneVideoId)
    const theirs = await save(second, 2.2, 3.2, 'Một câu chung.', toneVideoId)
    await server.ctx.jobs.whenIdle()
    const key = await clipOf(mine.client_id)
    expect(await clipOf(theirs.client_id)).toBe(key)
    expect(await stored(key)).toBe(true)

    expect((await remove(first, mine.client_id)).body.data.accepted).toHaveLength(1)
    expect(await stored(key)).toBe(true)
    const [left] = await cardsOf(second)
    expect((await fetchAudio(left!.audio_url)).status).toBe(200)

    expect((await remove(second, theirs.client_id)).body.data.accepted).toHaveLength(1)
    expect(await stored(key)).toBe(false)
  })

  it('goes with the account\'s deletion', async () => {
    const learner = await person(server, 'learner')
    const line = await save(learner, 5.1, 6.1, 'Câu của tôi.', toneVideoId)
    await server.ctx.jobs.whenIdle()
    const key = await clipOf(line.client_id)
    expect(await stored(key)).toBe(true)
    const since = server.smtp.mails.length
    expect((await learner.api.post('/me/delete/code')).status).toBe(202)
    const code = await server.smtp.waitForCode(learner.email, { since, pattern: DELETION_CODE })
    expect((await learner.api.post('/me/delete', { otp: code })).status).toBe(204)
    expect(await stored(key)).toBe(false)
  })
})

describe('GET /me/cards/export.apkg', () => {
  it('is an Anki package: collection.anki2 with one note per card (Sentence, Translation, Audio, Source) and its audio', async () => {
    const learner = await person(server, 'learner')
    const first = await save(learner, 1, 3, 'Chị ơi, bao nhiêu tiền?')
    const second = await save(learner, 65 / 10, 8, 'Rẻ lắm, em à.')
    const graded = await learner.api.post('/reviews', { reviews: [3, 3].map((rating, i) => ({ client_id: uuidv7(), card_id: first.client_id, rating, reviewed_at: new Date(server.clock.now() + i).toISOString(), duration_ms: 4200 })) })
    expect(graded.body.data.accepted).toHaveLength(2)
    await server.ctx.jobs.whenIdle()
    const answer = await fetch(`${server.api}/me/cards/export.apkg?language=vi`, { headers: { authorization: `Bearer ${learner.token}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain('.apkg')
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(['0', '1', 'collection.anki2', 'media'])
    const media = JSON.parse(Buffer.from(files.media!).toString('utf8')) as Record<string, string>
    expect(Object.values(media).sort()).toEqual([`dehieu-${first.client_id}.m4a`, `dehieu-${second.client_id}.m4a`].sort())

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apkg-read-'))
    fs.writeFileSync(path.join(dir, 'collection.anki2'), files['collection.anki2']!)
    const db = new Database(path.join(dir, 'collection.anki2'), { readonly: true })
    try {
      const col = db.prepare('SELECT ver, models, decks FROM col').get() as { ver: number; models: string; decks: string }
      expect(col.ver).toBe(11)
      const [model] = Object.values(JSON.parse(col.models) as Record<string, { flds: Array<{ name: string }>; tmpls: unknown[] }>)
      expect(model!.flds.map((field) => field.name)).toEqual(['Sentence', 'Translation', 'Audio', 'Source'])
      expect(model!.tmpls).toHaveLength(1)
      expect(Object.values(JSON.parse(col.decks) as Record<string, { name: string }>).map((deck) => deck.name)).toContain('Dễ Hiểu (vi)')
      const notes = (db.prepare('SELECT guid, flds FROM notes ORDER BY guid').all() as Array<{ guid: string; flds: string }>).map((note) => ({ guid: note.guid, fields: note.flds.split('\x1f') }))
      const byGuid = new Map(notes.map((note) => [note.guid, note.fields]))
      expect(byGuid.get(first.client_id)).toEqual(['Chị ơi, bao nhiêu tiền?', 'The market opens at six.', `[sound:dehieu-${first.client_id}.m4a]`, 'Chợ Bến Thành, 0:01'])
      expect(byGuid.get(second.client_id)![3]).toBe('Chợ Bến Thành, 0:06')
      expect((db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n).toBe(2)
      expect(db.prepare('SELECT count(*) AS n FROM graves').get()).toEqual({ n: 0 })
      // The first card's two reviews, as Anki logs them: Good, Good, learning then review, 4.2 s each.
      const revlog = db.prepare('SELECT r.ease, r.type, r.time, n.guid FROM revlog r JOIN cards c ON c.id = r.cid JOIN notes n ON n.id = c.nid ORDER BY r.id').all()
      expect(revlog).toEqual([
        { ease: 3, type: 0, time: 4200, guid: first.client_id },
        { ease: 3, type: 0, time: 4200, guid: first.client_id },
      ])
    } finally {
      db.close()
    }
    // Each media file is the card's clip.
    const clipName = Object.entries(media).find(([, name]) => name.includes(first.client_id))![0]
    const file = path.join(dir, 'first.m4a')
    fs.writeFileSync(file, files[clipName]!)
    expect(Number(probe(file).format.duration)).toBeGreaterThan(2.4)
  })
})
