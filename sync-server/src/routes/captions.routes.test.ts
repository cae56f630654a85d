/**
 * Captions, transcripts and dialects over HTTP (api-contract "Captions, dialects, transcripts"), on
 * whichever engine the project runs: the upload's rules (each 422, 415, 413, NFC), who may upload,
 * the signed track URL under the video's grant with its preview cut, the transcript, transcript search
 * with the matching line, and the dialect, guide and captions filters.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTIONS_MAX_BYTES, CAPTIONS_MAX_CUES, TRANSCRIPT_PAGE_MAX_CUES, type PublishFields, type VideoDetail, type VideoSummary } from '../../../contract/index.ts'
import { makePremium } from '../../test-support/catalogue-fixtures.ts'
import { createCaptionPreparer } from '../captions/prepare-off-thread.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'

const PREVIEW = 30
let server: TestServer
let people = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: String(PREVIEW) } })
})
afterAll(() => server.close())

type Role = 'learner' | 'premium' | 'contributor' | 'admin'

async function person(role: Role, displayName: string | null = null) {
  const email = `cap${++people}@example.com`
  const { token, user } = await signIn(server, email)
  if (role === 'premium') await makePremium(server, user.id)
  if (role === 'contributor') await makeContributor(server, user.id)
  if (role === 'admin') await updateUser(server, user.id, { is_admin: 1 })
  if (displayName) await updateUser(server, user.id, { display_name: displayName })
  return { id: user.id, email, token, api: apiClient(server.api, { token }) }
}

/** A processed submission of this contributor (media key, length), not yet published. */
async function processedSubmission(ownerId: number, options: { seconds?: number | null; dialect?: 'northern' | 'central' | 'southern' | 'mixed'; creators?: string[]; title?: string } = {}) {
  const db = server.ctx.database.db
  const { id } = await db
    .insertInto('submissions')
    .values({
      user_id: ownerId,
      title: options.title ?? `Bài ${crypto.randomUUID().slice(0, 8)}`,
      proficiency_level: 'beginner',
      language_code: 'vi',
      processing_state: options.seconds === null ? 'waiting' : 'ready',
      media_key: options.seconds === null ? null : crypto.randomBytes(16).toString('hex'),
      duration_seconds: options.seconds === null ? null : (options.seconds ?? 60),
      created_at: new Date().toISOString(),
      dialect: options.dialect ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const email of options.creators ?? []) await db.insertInto('submission_creators').values({ submission_id: id, email }).execute()
  return id
}

const publishFields = (title: string, dialect?: PublishFields['dialect']): PublishFields => ({
  title,
  description: '',
  proficiency_level: 'beginner',
  is_free: false,
  youtube_title: null,
  youtube_description: null,
  series_mode: 'none',
  series_id: null,
  new_series_name: null,
  new_series_description: null,
  episode_number: null,
  ...(dialect !== undefined && { dialect }),
})

async function publish(submissionId: number, access: 'free' | 'premium' | 'preview', title = `Video ${submissionId}`, dialect?: PublishFields['dialect']) {
  return server.ctx.services.publishing.publishAs(submissionId, publishFields(title, dialect), access)
}

function putCaptions(token: string | null, submissionId: number | string, lang: string, body: string | Uint8Array, type = 'text/vtt') {
  const headers: Record<string, string> = { 'content-type': type }
  if (token) headers.authorization = `Bearer ${token}`
  return fetch(`${server.api}/submissions/${submissionId}/captions/${lang}`, { method: 'PUT', headers, body: typeof body === 'string' ? body : new Uint8Array(body) }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { data?: { language: string; cues: number; duration_seconds: number }; error?: string; errors?: string[] },
  }))
}

const THREE_CUES = ['WEBVTT', '', '00:00:05.000 --> 00:00:08.000', 'Xin chào các bạn.', '', '00:00:25.000 --> 00:00:35.000', 'Hôm nay chúng ta đi chợ với mẹ.', '', '00:00:40.000 --> 00:00:45.500', 'Mua rau &amp; cá.', ''].join('\n')

const detail = (api: ReturnType<typeof apiClient>, videoId: number) => api.get<{ data: VideoDetail }>(`/videos/${videoId}`).then((r) => r.body.data)
const fetchTrack = (url: string) => fetch(`${server.baseUrl}${url}`).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), text: await r.text() }))

describe('PUT /submissions/:id/captions/:lang', () => {
  it('stores a track for the owner: its cue count and length, NFC whatever form the tone marks came in', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id)
    // "chợ" and "mẹ" with their marks decomposed (o + combining horn + combining dot below).
    const decomposed = THREE_CUES.normalize('NFD')
    expect(decomposed).not.toBe(THREE_CUES)
    const saved = await putCaptions(owner.token, submission, 'vi', decomposed)
    expect(saved).toMatchObject({ status: 200, body: { data: { language: 'vi', cues: 3, duration_seconds: 45.5 } } })

    const stored = await server.ctx.database.db.selectFrom('caption_tracks').select('vtt').where('submission_id', '=', submission).executeTakeFirstOrThrow()
    expect(stored.vtt).toBe(THREE_CUES)
    const cues = await server.ctx.database.db.selectFrom('caption_cues').select('text').where('submission_id', '=', submission).orderBy('start_seconds').execute()
    expect(cues.map((cue) => cue.text)).toEqual(['Xin chào các bạn.', 'Hôm nay chúng ta đi chợ với mẹ.', 'Mua rau & cá.'])

    // The submission shows its tracks; a second upload replaces the first.
    await putCaptions(owner.token, submission, 'vi', 'WEBVTT\n\n00:01.000 --> 00:02.000\nMột.\n')
    const view = await owner.api.get(`/submissions/${submission}`)
    expect(view.body.data.captions).toEqual([{ language: 'vi', cues: 1, duration_seconds: 2 }])
  })

  it('keeps caption lines as they read, without bidi controls that would reorder them on screen', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id)
    const track = ['WEBVTT', '', '00:00:01.000 --> 00:00:03.000', 'Xin \u202Echào\u202C các \u2067bạn\u2069.', ''].join('\n')
    expect((await putCaptions(owner.token, submission, 'vi', track)).status).toBe(200)
    const stored = await server.ctx.database.db.selectFrom('caption_tracks').select('vtt').where('submission_id', '=', submission).executeTakeFirstOrThrow()
    expect(stored.vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nXin chào các bạn.\n')
    const cues = await server.ctx.database.db.selectFrom('caption_cues').select('text').where('submission_id', '=', submission).execute()
    expect(cues.map((cue) => cue.text)).toEqual(['Xin chào các bạn.'])
  })

  it('answers 422 invalid_captions naming the line for each broken rule', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id, { seconds: 60 })
    const refused = async (body: string | Uint8Array) => {
      const answer = await putCaptions(owner.token, submission, 'vi', body)
      expect(answer.status).toBe(422)
      expect(answer.body.error).toBe('invalid_captions')
      return answer.body.errors!
    }
    expect(await refused('1\n00:00:01,000 --> 00:00:02,000\nSRT, not WebVTT\n')).toEqual([expect.stringMatching(/^Line 1: the file is not WebVTT/)])
    const latin1 = Buffer.concat([Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\n'), Buffer.from('Vi\xeat Nam\n', 'latin1')])
    expect(await refused(latin1)).toEqual([expect.stringMatching(/^Line 4: the file is not UTF-8/)])
    expect(await refused('WEBVTT\n\n00:01.000 --> 00:02.000\nđúng\n\n00:0x.000 --> 00:04.000\nsai\n')).toEqual([expect.stringMatching(/^Line 6: .*timestamp/)])
    expect(await refused('WEBVTT\n\n00:05.000 --> 00:04.000\nngược\n')).toEqual([expect.stringMatching(/^Line 3: the cue ends before it starts/)])
    expect(await refused('WEBVTT\n\n00:01.000 --> 00:02.000\nđúng\n\nsau\n01:00.000 --> 01:10.000\nquá dài\n')).toEqual([
      expect.stringMatching(/^Line 7: the cue ends at 1:10, after the video's end \(1:00\)/),
    ])
    expect(await refused('WEBVTT\n\nNOTE nothing here\n')).toEqual(['The file has no cues.'])
    // Nothing was stored by the refused files.
    expect(await server.ctx.database.db.selectFrom('caption_tracks').select('language').where('submission_id', '=', submission).execute()).toEqual([])
  })

  it('takes a track before the video is processed, when its length is not known yet', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id, { seconds: null })
    expect(await putCaptions(owner.token, submission, 'en', 'WEBVTT\n\n16:40.000 --> 16:45.000\nLate line.\n')).toMatchObject({
      status: 200,
      body: { data: { language: 'en', cues: 1, duration_seconds: 1005 } },
    })
  })

  it('refuses another type (415), a file over 1 MB (413), a language other than vi or en (404)', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id)
    expect((await putCaptions(owner.token, submission, 'vi', THREE_CUES, 'text/plain')).status).toBe(415)
    expect((await putCaptions(owner.token, submission, 'vi', JSON.stringify({ vtt: THREE_CUES }), 'application/json')).status).toBe(415)
    expect((await putCaptions(owner.token, submission, 'vi', THREE_CUES, 'text/vtt; charset=iso-8859-1')).status).toBe(415)
    expect((await putCaptions(owner.token, submission, 'vi', THREE_CUES, 'text/vtt; charset=utf-8')).status).toBe(200)
    const big = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(CAPTIONS_MAX_BYTES)}\n`
    expect(await putCaptions(owner.token, submission, 'vi', big)).toMatchObject({ status: 413, body: { error: 'payload_too_large' } })
    const justUnder = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(CAPTIONS_MAX_BYTES - 100)}\n`
    expect((await putCaptions(owner.token, submission, 'vi', justUnder)).status).toBe(200)
    expect((await putCaptions(owner.token, submission, 'fr', THREE_CUES)).status).toBe(404)
  })

  it('lets the owner and admins upload and delete; another contributor finds nothing; learners are refused', async () => {
    const owner = await person('contributor')
    const other = await person('contributor')
    const admin = await person('admin')
    const learner = await person('learner')
    const submission = await processedSubmission(owner.id)
    expect((await putCaptions(null, submission, 'vi', THREE_CUES)).status).toBe(401)
    expect((await putCaptions(learner.token, submission, 'vi', THREE_CUES)).status).toBe(403)
    expect((await putCaptions(other.token, submission, 'vi', THREE_CUES)).status).toBe(404)
    expect((await putCaptions(admin.token, submission, 'vi', THREE_CUES)).status).toBe(200)
    expect((await putCaptions(owner.token, submission, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHello.\n')).status).toBe(200)

    expect((await other.api.delete(`/submissions/${submission}/captions/vi`)).status).toBe(404)
    expect((await learner.api.delete(`/submissions/${submission}/captions/vi`)).status).toBe(403)
    expect((await owner.api.delete(`/submissions/${submission}/captions/vi`)).status).toBe(204)
    expect((await admin.api.delete(`/submissions/${submission}/captions/en`)).status).toBe(204)
    expect((await owner.api.delete(`/submissions/${submission}/captions/en`)).status).toBe(204) // already gone: still 204
    const db = server.ctx.database.db
    expect(await db.selectFrom('caption_tracks').select('language').where('submission_id', '=', submission).execute()).toEqual([])
    expect(await db.selectFrom('caption_cues').select('id').where('submission_id', '=', submission).execute()).toEqual([])
  })
})

/** A transcript page without its cues' words (words.routes.test.ts checks those). */
const withoutTokens = (page: { data: Array<Record<string, unknown>>; next_cursor: unknown }) => ({
  ...page,
  data: page.data.map(({ tokens: _tokens, ...cue }) => cue),
})

describe('the track and the transcript under the video grant', () => {
  let owner: Awaited<ReturnType<typeof person>>
  let previewVideo: number
  let premiumVideo: number

  beforeAll(async () => {
    owner = await person('contributor')
    const previewSubmission = await processedSubmission(owner.id)
    await putCaptions(owner.token, previewSubmission, 'vi', THREE_CUES)
    previewVideo = await publish(previewSubmission, 'preview')
    const premiumSubmission = await processedSubmission(owner.id)
    await putCaptions(owner.token, premiumSubmission, 'vi', THREE_CUES)
    premiumVideo = await publish(premiumSubmission, 'premium')
  })

  it('serves the whole track to a full grant, and the cues before the preview (the last cut there) to a preview grant', async () => {
    const premium = await person('premium')
    const full = await detail(premium.api, previewVideo)
    expect(full.has_captions).toEqual(['vi'])
    expect(full.playback!.captions).toEqual([{ language: 'vi', label: 'Tiếng Việt', url: expect.stringMatching(new RegExp(`^/api/v1/videos/${previewVideo}/captions/vi\\.vtt\\?grant=`)) }])
    // The tracks carry the stream's grant, so whatever holds the stream's grant holds the captions'.
    const grant = new URL(full.playback!.hls_url, 'http://app').searchParams.get('grant')
    expect(full.playback!.captions[0].url.endsWith(`grant=${grant}`)).toBe(true)
    const whole = await fetchTrack(full.playback!.captions[0].url)
    expect(whole).toEqual({ status: 200, type: 'text/vtt; charset=utf-8', text: THREE_CUES })

    const learner = await person('learner')
    const preview = await detail(learner.api, previewVideo)
    expect(preview.can_watch).toBe('preview')
    const cut = await fetchTrack(preview.playback!.captions[0].url)
    expect(cut.status).toBe(200)
    expect(cut.text).toBe(['WEBVTT', '', '00:00:05.000 --> 00:00:08.000', 'Xin chào các bạn.', '', '00:00:25.000 --> 00:00:30.000', 'Hôm nay chúng ta đi chợ với mẹ.', ''].join('\n'))
  })

  it('refuses a forged grant, another video\'s grant, an expired one, and one whose session ended', async () => {
    const premium = await person('premium')
    const video = await detail(premium.api, previewVideo)
    const url = video.playback!.captions[0].url
    const grant = url.split('grant=')[1]
    const forged = `${grant.slice(0, -2)}${grant.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await fetchTrack(url.replace(grant, forged))).status).toBe(403)
    expect((await fetchTrack(url.split('?')[0])).status).toBe(403)
    const otherVideo = await detail(premium.api, premiumVideo)
    expect((await fetchTrack(`/api/v1/videos/${previewVideo}/captions/vi.vtt?grant=${otherVideo.playback!.captions[0].url.split('grant=')[1]}`)).status).toBe(403)
    expect((await fetchTrack(url.replace('/vi.vtt', '/en.vtt'))).status).toBe(404)

    await premium.api.post('/auth/logout')
    server.clock.advance(61_000) // past the access cache
    try {
      expect((await fetchTrack(url)).status).toBe(403)
    } finally {
      server.clock.reset()
    }
    const again = await person('premium')
    const fresh = (await detail(again.api, previewVideo)).playback!.captions[0].url
    server.clock.advance(3601_000)
    try {
      expect((await fetchTrack(fresh)).status).toBe(403)
    } finally {
      server.clock.reset()
    }
  })

  it('gives no track to a learner who may not watch, and the transcript by the same rules', async () => {
    const learner = await person('learner')
    const locked = await detail(learner.api, premiumVideo)
    expect(locked.can_watch).toBe('none')
    expect(locked.playback).toBeNull()
    expect(locked.has_captions).toEqual(['vi'])
    expect(await learner.api.get(`/videos/${premiumVideo}/transcript?lang=vi`)).toMatchObject({ status: 403, body: { error: 'premium_required' } })

    const cut = await learner.api.get(`/videos/${previewVideo}/transcript?lang=vi`)
    expect(withoutTokens(cut.body)).toEqual({
      data: [
        { start: 5, end: 8, text: 'Xin chào các bạn.' },
        { start: 25, end: PREVIEW, text: 'Hôm nay chúng ta đi chợ với mẹ.' },
      ],
      next_cursor: null,
    })
    const premium = await person('premium')
    const whole = await premium.api.get(`/videos/${premiumVideo}/transcript`)
    expect(whole.body.data).toHaveLength(3)
    expect(whole.body.data[2]).toMatchObject({ start: 40, end: 45.5, text: 'Mua rau & cá.' })
    expect((await premium.api.get(`/videos/${premiumVideo}/transcript?lang=en`)).status).toBe(404)
    expect((await premium.api.get(`/videos/${premiumVideo}/transcript?lang=fr`)).status).toBe(422)
    expect((await apiClient(server.api).get(`/videos/${premiumVideo}/transcript`)).status).toBe(401)
  })
})

describe('dialects, guides, captions and transcript search in the catalogue', () => {
  it('filters by dialect, guide and captions, and finds words in transcripts with the matching line', async () => {
    const owner = await person('contributor')
    const guide = await person('learner', 'Cô Lan')
    const market = await processedSubmission(owner.id, { dialect: 'southern', creators: [guide.email, 'no-account@example.com'] })
    await putCaptions(owner.token, market, 'vi', THREE_CUES)
    await putCaptions(owner.token, market, 'en', 'WEBVTT\n\n00:05.000 --> 00:08.000\nHello everyone.\n')
    const marketVideo = await publish(market, 'free', 'Một buổi sáng')
    const north = await processedSubmission(owner.id, { dialect: 'northern' })
    const northVideo = await publish(north, 'free', 'Phở bò chợ Đồng Xuân') // "chợ" in its title only
    const central = await processedSubmission(owner.id, { dialect: 'northern' })
    const centralVideo = await publish(central, 'free', 'Huế', 'central') // the publish form's dialect wins
    const lockedSubmission = await processedSubmission(owner.id)
    await putCaptions(owner.token, lockedSubmission, 'vi', THREE_CUES)
    const lockedVideo = await publish(lockedSubmission, 'premium', 'Khoá')

    const learner = await person('learner')
    // Only this test's videos (the file's other tests publish some too).
    const mine = new Set([marketVideo, northVideo, centralVideo, lockedVideo])
    const list = async (query: string) => (await learner.api.get<{ data: VideoSummary[] }>(`/languages/vi/videos${query}`)).body.data.filter((video) => mine.has(video.id))
    const ids = async (query: string) => (await list(query)).map((video) => video.id)

    const all = await list('')
    expect(all.find((video) => video.id === marketVideo)).toMatchObject({
      dialect: 'southern',
      has_captions: ['vi', 'en'],
      guides: [{ id: guide.id, display_name: 'Cô Lan' }],
    })
    expect(all.find((video) => video.id === northVideo)).toMatchObject({ dialect: 'northern', has_captions: [], guides: [] })
    expect(all.find((video) => video.id === centralVideo)).toMatchObject({ dialect: 'central' })
    expect(all[0]).not.toHaveProperty('match')

    expect(await ids('?dialect=southern')).toEqual([marketVideo])
    expect(await ids('?dialect=central')).toEqual([centralVideo])
    expect(await ids(`?guide=${guide.id}`)).toEqual([marketVideo])
    expect(await ids(`?guide=${owner.id}`)).toEqual([])
    expect(await ids('?captions=en')).toEqual([marketVideo])
    expect((await ids('?captions=vi')).sort()).toEqual([marketVideo, lockedVideo].sort())
    expect((await learner.api.get('/languages/vi/videos?dialect=western')).status).toBe(422)
    expect((await learner.api.get('/languages/vi/videos?guide=abc')).status).toBe(422)

    // "di cho voi me": no tone marks, no đ, and still the line of the transcript.
    const found = await list('?q=di%20cho%20voi%20me')
    expect(found.map((video) => video.id)).toEqual([marketVideo])
    expect(found.find((video) => video.id === marketVideo)!.match).toEqual({ start: 25, text: 'Hôm nay chúng ta đi chợ với mẹ.' })
    // A premium video the learner may not watch is not found by its lines (transcript-search.routes.test.ts).
    const premium = await person('premium')
    const premiumFound = (await premium.api.get<{ data: VideoSummary[] }>('/languages/vi/videos?q=di%20cho%20voi%20me')).body.data
    expect(premiumFound.find((video) => video.id === lockedVideo)!.match).toEqual({ start: 25, text: 'Hôm nay chúng ta đi chợ với mẹ.' })

    // A word in a title and in a transcript: both videos; the title's has no line.
    const cho = await list('?q=chợ')
    expect(cho.find((video) => video.id === northVideo)!.match).toBeNull()
    expect(cho.find((video) => video.id === marketVideo)!.match).toMatchObject({ start: 25 })
    // English captions are searched too; filters combine.
    expect(await ids('?q=everyone')).toEqual([marketVideo])
    expect(await ids('?q=everyone&dialect=northern')).toEqual([])
    expect(await ids('?q=chợ&dialect=northern')).toEqual([northVideo])
  })

  it('sets the dialect: the contributor on create and update, an admin in the videos table; a contributor cannot set the status', async () => {
    const owner = await person('contributor')
    const created = await owner.api.post('/submissions', {
      submission: { title: 'Bún bò Huế', proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true, dialect: 'central' },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    expect((await owner.api.get(`/submissions/${id}`)).body.data).toMatchObject({ dialect: 'central', captions: [] })
    expect((await owner.api.patch(`/submissions/${id}`, { submission: { dialect: 'mixed' } })).body.data.dialect).toBe('mixed')
    expect((await owner.api.patch(`/submissions/${id}`, { submission: { dialect: null } })).body.data.dialect).toBeNull()
    expect((await owner.api.patch(`/submissions/${id}`, { submission: { dialect: 'western' } })).status).toBe(422)
    expect((await owner.api.patch(`/submissions/${id}`, { submission: {} })).status).toBe(422)
    expect((await owner.api.patch(`/submissions/${id}`, { submission: { status: 'accepted' } })).status).toBe(403)
    const other = await person('contributor')
    expect((await other.api.patch(`/submissions/${id}`, { submission: { dialect: 'mixed' } })).status).toBe(404)

    const admin = await person('admin')
    const videoId = await publish(await processedSubmission(owner.id), 'free')
    const changed = await admin.api.patch(`/admin/videos/${videoId}`, { video: { dialect: 'southern' } })
    expect(changed.body.data).toMatchObject({ id: videoId, dialect: 'southern', access_level: 'free' })
    expect((await admin.api.patch(`/admin/videos/${videoId}`, { video: { access_level: 'premium', dialect: null } })).body.data).toMatchObject({ dialect: null, access_level: 'premium' })
    expect((await admin.api.patch(`/admin/videos/${videoId}`, { video: {} })).status).toBe(422)
  })
})

/** A WebVTT of `count` cues, each `lengthMs` long, one after the other. */
function manyCues(count: number, lengthMs: number): string {
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 23)
  const lines = ['WEBVTT', '']
  for (let i = 0; i < count; i++) lines.push(`${at(i * lengthMs)} --> ${at(i * lengthMs + lengthMs)}`, `Câu ${i}`, '')
  return lines.join('\n')
}

describe('one contributor cannot hold up everyone else with captions (issue 29)', () => {
  it(`refuses a track of more than ${CAPTIONS_MAX_CUES} cues before parsing it, with the lines' 422`, async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id, { seconds: 3600 })
    // 14,000 one-millisecond cues fit in 1 MB: the file that froze the API for 1.5 s.
    const flood = manyCues(14_000, 1)
    expect(Buffer.byteLength(flood)).toBeLessThan(CAPTIONS_MAX_BYTES)
    const refused = await putCaptions(owner.token, submission, 'vi', flood)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ error: 'invalid_captions', errors: [`The file has more than ${CAPTIONS_MAX_CUES.toLocaleString('en')} cues, the most a track may have.`] })
    // One over the ceiling is refused too; the ceiling itself is a track.
    expect((await putCaptions(owner.token, submission, 'vi', manyCues(CAPTIONS_MAX_CUES + 1, 500))).status).toBe(422)
    expect(await putCaptions(owner.token, submission, 'vi', manyCues(CAPTIONS_MAX_CUES, 500))).toMatchObject({ status: 200, body: { data: { cues: CAPTIONS_MAX_CUES } } })
  })

  it('answers other requests while a track at the ceiling is prepared (parsing, checks and words run on a thread of their own)', async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id, { seconds: 3600 })
    let parsedOn: number | undefined
    const preparer = createCaptionPreparer()
    try {
      const result = await preparer.prepare({ bytes: new TextEncoder().encode(manyCues(50, 500)), videoSeconds: 3600, language: 'vi' })
      parsedOn = result.threadId
      expect(result.ok).toBe(true)
    } finally {
      await preparer.close()
    }
    // Not the main thread (0): the event loop is free while a file is parsed.
    expect(parsedOn).toBeGreaterThan(0)
    // And over HTTP: /health is answered while the upload of a big track is in flight.
    const upload = putCaptions(owner.token, submission, 'vi', manyCues(CAPTIONS_MAX_CUES, 500))
    expect((await fetch(`${server.api}/health`)).status).toBe(200)
    expect((await upload).status).toBe(200)
  })

  it(`pages the transcript, ${TRANSCRIPT_PAGE_MAX_CUES} cues at most a page, following next_cursor`, async () => {
    const owner = await person('contributor')
    const submission = await processedSubmission(owner.id, { seconds: 3600 })
    const count = TRANSCRIPT_PAGE_MAX_CUES + 5
    await putCaptions(owner.token, submission, 'vi', manyCues(count, 1000))
    const videoId = await publish(submission, 'free')
    const learner = await person('learner')
    const first = await learner.api.get(`/videos/${videoId}/transcript`)
    expect(first.body.data).toHaveLength(TRANSCRIPT_PAGE_MAX_CUES)
    expect(first.body.next_cursor).toBe(String(TRANSCRIPT_PAGE_MAX_CUES))
    const rest = await learner.api.get(`/videos/${videoId}/transcript?cursor=${first.body.next_cursor}`)
    expect(rest.body).toMatchObject({ next_cursor: null })
    expect(rest.body.data.map((cue: { text: string }) => cue.text)).toEqual([0, 1, 2, 3, 4].map((i) => `Câu ${TRANSCRIPT_PAGE_MAX_CUES + i}`))
    const small = await learner.api.get(`/videos/${videoId}/transcript?limit=2&cursor=2`)
    expect(withoutTokens(small.body)).toEqual({ data: [{ start: 2, end: 3, text: 'Câu 2' }, { start: 3, end: 4, text: 'Câu 3' }], next_cursor: '4' })
    for (const query of ['limit=0', `limit=${TRANSCRIPT_PAGE_MAX_CUES + 1}`, 'limit=1.5', 'cursor=-1', 'cursor=abc']) {
      expect(await learner.api.get(`/videos/${videoId}/transcript?${query}`)).toMatchObject({ status: 422, body: { error: 'validation_failed' } })
    }
  })
})
