import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { PLAYLIST_ACCESS_CACHE_MS } from './playlist-access.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { mediaDir } from '../storage/media-paths.ts'
import { GRANT_CHECK_CACHE_SECONDS } from './media-server.ts'
import { segmentUris } from './preview-playlist.ts'

let server: TestServer
let keys: { free: string; preview: string; premium: string }
let videos: { free: number; preview: number; premium: number }
let learner: ReturnType<typeof apiClient>
let premium: ReturnType<typeof apiClient>

beforeAll(async () => {
  // A 4 s preview over a 12 s video of 2 s segments: the preview is segments 0 and 1.
  server = await startTestServer({ env: { PREVIEW_SECONDS: '4' } })
  keys = { free: makeHlsFixture(server.dataDir), preview: makeHlsFixture(server.dataDir), premium: makeHlsFixture(server.dataDir) }
  videos = {
    free: await seedVideo(server, { access: 'free', mediaKey: keys.free, duration: 12 }),
    preview: await seedVideo(server, { access: 'preview', mediaKey: keys.preview, duration: 12 }),
    premium: await seedVideo(server, { access: 'premium', mediaKey: keys.premium, duration: 12 }),
  }
  learner = apiClient(server.api, { token: (await signIn(server, 'media-learner@example.com')).token })
  const paid = await signIn(server, 'media-premium@example.com')
  await makePremium(server, paid.user.id)
  premium = apiClient(server.api, { token: paid.token })
})
afterAll(() => server.close())

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers })
async function playbackUrl(api: ReturnType<typeof apiClient>, videoId: number): Promise<string> {
  return (await api.get(`/videos/${videoId}`)).body.data.playback.hls_url
}
const grantOf = (hlsUrl: string) => new URL(hlsUrl, 'http://app').searchParams.get('grant')!
/** A file of the video under the playback URL's grant (in the query, after the file's own for parts). */
const file = (hlsUrl: string, relative: string) => `${hlsUrl.slice(0, hlsUrl.indexOf('master.m3u8'))}${relative}${relative.includes('?') ? '&' : '?'}grant=${grantOf(hlsUrl)}`
/** Segment names as listed, without the grant written into each. */
const names = (playlist: string) => segmentUris(playlist).map((uri) => uri.split('?')[0])

describe('the media server', () => {
  it('serves a granted video in full: master, variant playlist, init and every segment', async () => {
    const url = await playbackUrl(learner, videos.free)
    const master = await get(url)
    expect(master.status).toBe(200)
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(await master.text()).toContain('v360p/index.m3u8')
    const variant = await (await get(file(url, 'v360p/index.m3u8'))).text()
    const segments = names(variant)
    expect(segments).toHaveLength(6)
    expect((await get(file(url, 'v360p/init.mp4'))).status).toBe(200)
    for (const segment of segments) {
      const response = await get(file(url, `v360p/${segment}`))
      expect(response.status).toBe(200)
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })

  it('keeps the grant out of the path: every URI a playlist lists carries it, segments are public and immutable', async () => {
    const url = await playbackUrl(learner, videos.free)
    const grant = grantOf(url)
    expect(url).toBe(`/media/v/${keys.free}/master.m3u8?grant=${grant}`)
    const master = await get(url)
    expect(master.headers.get('cache-control')).toBe('private, max-age=10')
    expect(await master.text()).toContain(`v360p/index.m3u8?grant=${grant}`)
    const variant = await (await get(file(url, 'v360p/index.m3u8'))).text()
    expect(variant).toContain(`#EXT-X-MAP:URI="init.mp4?grant=${grant}"`)
    expect(segmentUris(variant).every((uri) => uri.endsWith(`.m4s?grant=${grant}`))).toBe(true)
    // Relative to the variant playlist's URL, each URI asks for its file under the same grant.
    const variantUrl = new URL(file(url, 'v360p/index.m3u8'), server.baseUrl)
    const segment = await fetch(new URL(segmentUris(variant)[0], variantUrl))
    expect(segment.status).toBe(200)
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=31536000, immutable')

    // No grant, an empty one, two, or another video's: refused.
    const segmentPath = `/media/v/${keys.free}/v360p/seg_000.m4s`
    const otherVideo = grantOf(await playbackUrl(premium, videos.premium))
    for (const query of ['', '?grant=', `?grant=${grant}&grant=${grant}`, `?grant=${otherVideo}`]) {
      const refused = await get(`${segmentPath}${query}`)
      expect(refused.status, query).toBe(403)
      expect(await refused.json()).toMatchObject({ error: 'forbidden' })
    }
    expect((await get(`/media/v/${keys.premium}/master.m3u8?grant=${grant}`)).status).toBe(403)
  })

  it('still answers the earlier shape, the grant in the path, with its playlists as stored', async () => {
    const grant = grantOf(await playbackUrl(learner, videos.free))
    const master = await get(`/media/g/${grant}/master.m3u8`)
    expect(master.status).toBe(200)
    expect(await master.text()).not.toContain('grant=')
    expect((await get(`/media/g/${grant}/v360p/seg_000.m4s`)).status).toBe(200)
  })

  it('cuts the preview for a learner without the plan and refuses segments past it', async () => {
    const url = await playbackUrl(learner, videos.preview)
    const variant = await (await get(file(url, 'v360p/index.m3u8'))).text()
    expect(names(variant)).toEqual(['seg_000.m4s', 'seg_001.m4s'])
    expect(variant.trim().endsWith('#EXT-X-ENDLIST')).toBe(true)
    expect((await get(file(url, 'v360p/seg_001.m4s'))).status).toBe(200)
    const past = await get(file(url, 'v360p/seg_002.m4s'))
    expect(past.status).toBe(403)
    expect((await past.json()).error).toBe('premium_required')

    const full = await playbackUrl(premium, videos.preview)
    expect(names(await (await get(file(full, 'v360p/index.m3u8'))).text())).toHaveLength(6)
    expect((await get(file(full, 'v360p/seg_005.m4s'))).status).toBe(200)
  })

  it('gives a learner without the plan no grant for a premium video, and a grant opens no other video', async () => {
    expect((await learner.get(`/videos/${videos.premium}`)).body.data.playback).toBeNull()
    const freeUrl = await playbackUrl(learner, videos.free)
    const grant = grantOf(freeUrl)
    const [user, session, , expires, preview, signature] = grant.split('.')
    const moved = [user, session, keys.premium, expires, preview, signature].join('.')
    expect((await get(`/media/v/${keys.premium}/master.m3u8?grant=${moved}`)).status).toBe(403)
    expect((await get(`/media/v/${keys.premium}/v360p/seg_000.m4s?grant=${moved}`)).status).toBe(403)
    expect((await get(`/media/g/${moved}/master.m3u8`)).status).toBe(403)
    expect((await get(`/media/g/${moved}/v360p/seg_000.m4s`)).status).toBe(403)
  })

  it('refuses forged, stretched and expired grants', async () => {
    const url = await playbackUrl(learner, videos.free)
    const grant = grantOf(url)
    const parts = grant.split('.')
    const stretched = [parts[0], parts[1], parts[2], String(Number(parts[3]) + 86_400), parts[4], parts[5]].join('.')
    expect((await get(url.replace(grant, stretched))).status).toBe(403)
    expect((await get(`/media/g/${stretched}/master.m3u8`)).status).toBe(403)
    expect((await get('/media/g/1.0123456789abcdef.abc.99999999999.0.AAAA/master.m3u8')).status).toBe(403)
    // A grant lasts an hour.
    server.clock.advance(3600 * 1000 + 1000)
    try {
      expect((await get(url)).status).toBe(403)
      expect((await get(file(url, 'v360p/seg_000.m4s'))).status).toBe(403)
    } finally {
      server.clock.reset()
    }
  })

  it('a grant re-encoded with padding is refused', async () => {
    const url = await playbackUrl(learner, videos.free)
    const grant = grantOf(url)
    const signature = grant.slice(grant.lastIndexOf('.') + 1)
    const withSignature = (spelled: string) => `/media/g/${grant.slice(0, grant.lastIndexOf('.'))}.${spelled}/`
    const respelled = [`${signature}=`, `${signature}%3D%3D`, `${signature}AA`, `%${signature.charCodeAt(0).toString(16)}${signature.slice(1)}`]
    for (const spelled of respelled) {
      expect((await get(`${withSignature(spelled)}master.m3u8`)).status, spelled).toBe(403)
      expect((await get(`${withSignature(spelled)}v360p/seg_000.m4s`)).status, spelled).toBe(403)
    }
    expect((await get(url)).status).toBe(200)
  })

  it("after logout the video's playlist is refused within a minute", async () => {
    const { token } = await signIn(server, 'media-leaving@example.com')
    const leaving = apiClient(server.api, { token })
    const url = await playbackUrl(leaving, videos.free)
    expect((await get(url)).status).toBe(200)
    expect((await leaving.post('/auth/logout')).status).toBe(204)
    server.clock.advance(PLAYLIST_ACCESS_CACHE_MS + 1000)
    try {
      const master = await get(url)
      expect(master.status).toBe(403)
      expect((await master.json()).error).toBe('forbidden')
      expect((await get(file(url, 'v360p/index.m3u8'))).status).toBe(403)
      // The learner's other session still plays: the grant was bound to the one that ended.
      expect((await get(await playbackUrl(learner, videos.free))).status).toBe(200)
    } finally {
      server.clock.reset()
    }
  })

  it("a learner who loses premium loses the premium video's playlist within a minute", async () => {
    const paid = await signIn(server, 'media-lapsing@example.com')
    await makePremium(server, paid.user.id)
    const lapsing = apiClient(server.api, { token: paid.token })
    const premiumUrl = await playbackUrl(lapsing, videos.premium)
    const fullPreviewUrl = await playbackUrl(lapsing, videos.preview)
    expect((await get(premiumUrl)).status).toBe(200)
    expect((await get(file(fullPreviewUrl, 'v360p/index.m3u8'))).status).toBe(200)
    await makePremium(server, paid.user.id, false)
    server.clock.advance(PLAYLIST_ACCESS_CACHE_MS + 1000)
    try {
      expect((await get(premiumUrl)).status).toBe(403)
      // The preview video's full grant goes too; the video page hands out a preview grant instead.
      expect((await get(file(fullPreviewUrl, 'v360p/index.m3u8'))).status).toBe(403)
      const previewUrl = await playbackUrl(lapsing, videos.preview)
      expect(names(await (await get(file(previewUrl, 'v360p/index.m3u8'))).text())).toEqual(['seg_000.m4s', 'seg_001.m4s'])
    } finally {
      server.clock.reset()
    }
  })

  it('answers byte ranges, and only the files the transcoder writes', async () => {
    const url = await playbackUrl(learner, videos.free)
    const ranged = await get(file(url, 'v360p/seg_000.m4s'), { range: 'bytes=0-1' })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-1\/\d+$/)
    expect((await ranged.arrayBuffer()).byteLength).toBe(2)
    expect((await get(file(url, 'v360p/seg_000.m4s'), { range: 'bytes=99999999-' })).status).toBe(416)
    for (const path of ['../../app-secret', 'v360p/../../x', '..%2F..%2Fapp-secret', 'v360p/index.m3u8.bak', 'dehieu.sqlite']) {
      expect((await get(file(url, `${path}`))).status, path).toBe(404)
    }
  })

  it('serves posters publicly, and nothing else outside grants', async () => {
    const poster = await get(`/media/${keys.premium}/poster.jpg`)
    expect(poster.status).toBe(200)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')
    expect((await get(`/media/${keys.premium}/master.m3u8`)).status).toBe(404)
    expect((await get(`/media/${keys.premium}/v360p/seg_000.m4s`)).status).toBe(404)
    expect((await get('/media/not-a-key/poster.jpg')).status).toBe(404)
  })
})

describe('parts: consecutive files of one rendition in one answer', () => {
  const folder = (key: string) => path.join(mediaDir(server.dataDir, key), 'v360p')
  // The fixture's files in part order: the init file, then the six segments.
  const ordered = ['init.mp4', ...Array.from({ length: 6 }, (_, i) => `seg_00${i}.m4s`)]
  const bytesOf = (key: string, names: string[]) => Buffer.concat(names.map((name) => fs.readFileSync(path.join(folder(key), name))))
  const listed = (key: string, names: string[]) => names.map((name) => `${name}=${fs.statSync(path.join(folder(key), name)).size}`).join(',')

  it('streams the files in playlist order, init first, with their names and sizes listed', async () => {
    const url = await playbackUrl(learner, videos.free)
    const whole = await get(file(url, 'v360p/part?from=0&count=7'))
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytesOf(keys.free, ordered))).toBe(true)
    expect(whole.headers.get('x-part-files')).toBe(listed(keys.free, ordered))
    expect(whole.headers.get('content-length')).toBe(String(bytesOf(keys.free, ordered).length))
    expect(whole.headers.get('content-type')).toBe('application/octet-stream')
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
    expect(whole.headers.get('cross-origin-resource-policy')).toBe('same-origin')

    const middle = await get(file(url, 'v360p/part?from=2&count=3'))
    expect(middle.headers.get('x-part-files')).toBe(listed(keys.free, ordered.slice(2, 5)))
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytesOf(keys.free, ordered.slice(2, 5)))).toBe(true)

    const head = await fetch(`${server.baseUrl}${file(url, 'v360p/part?from=6&count=1')}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-part-files')).toBe(listed(keys.free, ['seg_005.m4s']))
    expect(head.headers.get('content-length')).toBe(String(fs.statSync(path.join(folder(keys.free), 'seg_005.m4s')).size))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('refuses a preview grant any part reaching past the preview, like single segments', async () => {
    const url = await playbackUrl(learner, videos.preview)
    expect((await get(file(url, 'v360p/part?from=0&count=3'))).status).toBe(200) // init, seg_000, seg_001
    for (const query of ['from=0&count=4', 'from=3&count=1', 'from=2&count=5']) {
      const refused = await get(file(url, `v360p/part?${query}`))
      expect(refused.status, query).toBe(403)
      expect(await refused.json()).toMatchObject({ error: 'premium_required', message: expect.any(String) })
    }
    const full = await playbackUrl(premium, videos.preview)
    const whole = await get(file(full, 'v360p/part?from=0&count=7'))
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytesOf(keys.preview, ordered))).toBe(true)
  })

  it('opens no other video with a grant', async () => {
    const grant = grantOf(await playbackUrl(learner, videos.free))
    const [user, session, , expires, preview, signature] = grant.split('.')
    const moved = [user, session, keys.premium, expires, preview, signature].join('.')
    expect((await get(`/media/v/${keys.premium}/v360p/part?from=0&count=7&grant=${moved}`)).status).toBe(403)
    expect((await get(`/media/v/${keys.premium}/v360p/part?from=0&count=7&grant=${grant}`)).status).toBe(403)
    expect((await get(`/media/g/${moved}/v360p/part?from=0&count=7`)).status).toBe(403)
  })

  it('answers a bad or out-of-range from and count with 400 or 404 in the error shape, never 5xx', async () => {
    const url = await playbackUrl(learner, videos.free)
    const bad = ['', 'from=0', 'count=2', 'from=a&count=2', 'from=0&count=0', 'from=0&count=65', 'from=-1&count=2', 'from=1.5&count=2', 'from=0&count=1e1', 'from=0&from=1&count=2', 'from=%00&count=1']
    for (const query of bad) {
      const answer = await get(file(url, `v360p/part?${query}`))
      expect(answer.status, query).toBe(400)
      expect(await answer.json(), query).toMatchObject({ error: 'validation_failed', message: expect.any(String) })
    }
    for (const query of ['from=7&count=1', 'from=5&count=3', 'from=999999&count=64']) {
      const answer = await get(file(url, `v360p/part?${query}`))
      expect(answer.status, query).toBe(404)
      expect(await answer.json(), query).toMatchObject({ error: 'not_found' })
    }
    expect((await get(file(url, 'v720p/part?from=0&count=1'))).status).toBe(404) // no such rendition
    expect((await get(file(url, 'part?from=0&count=1'))).status).toBe(404)
    expect((await get(file(url, 'v360p/part/x?from=0&count=1'))).status).toBe(404)
  })

  it('answers 404, not a short body, when a file of the part is missing', async () => {
    const key = makeHlsFixture(server.dataDir)
    const videoId = await seedVideo(server, { access: 'free', mediaKey: key, duration: 12 })
    const url = await playbackUrl(learner, videoId)
    fs.rmSync(path.join(folder(key), 'seg_003.m4s'))
    expect((await get(file(url, 'v360p/part?from=0&count=7'))).status).toBe(404)
    expect((await get(file(url, 'v360p/part?from=0&count=4'))).status).toBe(200)
  })
})

describe('MEDIA_ACCEL_REDIRECT: nginx sends the bytes after our checks', () => {
  let fronted: TestServer
  let key: string
  let videoId: number
  let viewer: ReturnType<typeof apiClient>
  let viewerId: number
  beforeAll(async () => {
    fronted = await startTestServer({ env: { PREVIEW_SECONDS: '4', MEDIA_ACCEL_REDIRECT: '/internal-media/' } })
    key = makeHlsFixture(fronted.dataDir)
    videoId = await seedVideo(fronted, { access: 'preview', mediaKey: key, duration: 12 })
    const session = await signIn(fronted, 'accel@example.com')
    viewer = apiClient(fronted.api, { token: session.token })
    viewerId = session.user.id
  })
  afterAll(() => fronted.close())
  const at = (path: string) => fetch(`${fronted.baseUrl}${path}`)

  it('answers a granted file with an empty body naming it under the internal location; made answers and refusals stay ours', async () => {
    const url = (await viewer.get(`/videos/${videoId}`)).body.data.playback.hls_url as string
    const master = await at(url)
    expect(master.status).toBe(200)
    // A playlist is made here: the grant is written into its URIs.
    expect(master.headers.get('x-accel-redirect')).toBeNull()
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(await master.text()).toContain(`v360p/index.m3u8?grant=${grantOf(url)}`)
    const segment = await at(file(url, 'v360p/seg_000.m4s'))
    expect(segment.headers.get('x-accel-redirect')).toBe(`/internal-media/${key}/v360p/seg_000.m4s`)
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=31536000, immutable')
    // A preview grant's variant playlist is cut here, so it is sent by us, whole.
    const variant = await at(file(url, 'v360p/index.m3u8'))
    expect(variant.headers.get('x-accel-redirect')).toBeNull()
    expect(await variant.text()).toContain('#EXT-X-ENDLIST')
    // Past the preview, forged, or missing: our refusal, nothing for nginx to send.
    const past = await at(file(url, 'v360p/seg_005.m4s'))
    expect(past.status).toBe(403)
    expect(past.headers.get('x-accel-redirect')).toBeNull()
    const forged = await at('/media/g/1.0123456789abcdef.abc.99999999999.0.AAAA/master.m3u8')
    expect(forged.status).toBe(403)
    expect(forged.headers.get('x-accel-redirect')).toBeNull()
    fs.rmSync(path.join(mediaDir(fronted.dataDir, key), 'v360p', 'seg_001.m4s'))
    const missing = await at(file(url, 'v360p/seg_001.m4s'))
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-accel-redirect')).toBeNull()
  })

  it("answers nginx's grant check: a full grant is good for a few minutes for its video, a preview, forged or other video's one is refused", async () => {
    // This learner's grant is a preview one: its segments are checked here, one by one (the cut).
    const preview = grantOf((await viewer.get(`/videos/${videoId}`)).body.data.playback.hls_url)
    const refused = await at(`/media/grant/${key}/${preview}`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: 'forbidden' })

    await makePremium(fronted, viewerId)
    const full = grantOf((await viewer.get(`/videos/${videoId}`)).body.data.playback.hls_url)
    const check = await at(`/media/grant/${key}/${full}`)
    expect(check.status).toBe(200)
    expect(Number(check.headers.get('x-accel-expires'))).toBe(GRANT_CHECK_CACHE_SECONDS)
    expect(await check.text()).toBe('')
    // Near its expiry, the answer is kept no longer than the grant lasts.
    fronted.clock.advance((3600 - 100) * 1000)
    try {
      expect(Number((await at(`/media/grant/${key}/${full}`)).headers.get('x-accel-expires'))).toBeLessThanOrEqual(100)
    } finally {
      fronted.clock.reset()
    }

    expect((await at(`/media/grant/${key}/${full.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}`)).status).toBe(403)
    expect((await at(`/media/grant/${key}/${encodeURIComponent(full).replace('.', '%2E')}`)).status).toBe(403)
    // Good, but for another video: refused (nginx keeps its answers per video and grant).
    expect((await at(`/media/grant/${'0'.repeat(32)}/${full}`)).status).toBe(403)
    expect((await at(`/media/grant/${key}/`)).status).toBe(403)
  })
})

describe('without MEDIA_ACCEL_REDIRECT', () => {
  it('has no grant check for nginx', async () => {
    const server = await startTestServer()
    try {
      const viewer = apiClient(server.api, { token: (await signIn(server, 'plain@example.com')).token })
      const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir), duration: 12 })
      const hlsUrl = (await viewer.get(`/videos/${videoId}`)).body.data.playback.hls_url as string
      expect((await fetch(`${server.baseUrl}/media/grant/${hlsUrl.split('/')[3]}/${grantOf(hlsUrl)}`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })
})
