/**
 * Seeded fuzzing of every route with malformed bodies of every kind the server reads: JSON (broken,
 * not UTF-8, NUL, deep), compressed JSON (gzip, deflate, br: broken, cut, bombs), multipart (cut in a
 * part header, in a field, in a file, without the final boundary, the wrong boundary) and tus PATCH
 * bodies cut short. Bodies are sent whole, chunked, or cut off with the socket closed mid-body, with
 * forged forwarding headers (X-Forwarded-For lists, Forwarded, X-Real-IP) in front of the proxy's.
 *
 * The routes come from the app's router, so a new route is fuzzed without anyone adding it here. Each
 * burst of requests must get no 5xx, and the server must answer /health after it (a stream error that
 * nobody hears would have stopped the process, which here is this test's own).
 *
 * Media paths are forged too (issue 45): a free video's grant on paths that climb into a premium
 * video's files with dot segments, plain or encoded, must never get its bytes.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run sync-server/src/request-fuzz.test.ts
 */
import zlib from 'node:zlib'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../contract/index.ts'
import fs from 'node:fs'
import path from 'node:path'
import { apiRoutes, type AppRoute } from '../test-support/app-routes.ts'
import { seedVideo } from '../test-support/catalogue-fixtures.ts'
import { forgedMediaPath, forgedMediaPaths, LADDER_FILES, rawPath } from '../test-support/forged-media-paths.ts'
import { makeHlsFixture } from '../test-support/hls-fixture.ts'
import { multipartBody, rawRequest, type Part } from '../test-support/raw-request.ts'
import { signIn, startTestServer, type TestServer } from '../test-support/test-server.ts'
import { makeContributor } from '../test-support/users.ts'
import { mediaDir } from './storage/media-paths.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const BURSTS = 21
const BURST_SIZE = 100
const PARALLEL = 6

const ROLES = ['anonymous', 'learner', 'contributor', 'admin'] as const
type Role = (typeof ROLES)[number]

let server: TestServer
let routes: AppRoute[]
const tokens = {} as Record<Exclude<Role, 'anonymous'>, string>
const ids = { video: '1', submission: '1', upload: '0'.repeat(32) }
const uploadIds: string[] = []
/** A free and a premium video with real ladders; the premium one's files are bytes of their own. */
const media = { free: '', premium: '', freeVideo: 0 }

const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0])

async function signInAs(role: Exclude<Role, 'anonymous'>) {
  const { token, user } = await signIn(server, `fuzz-${role}@example.com`)
  if (role === 'contributor') await makeContributor(server, user.id)
  tokens[role] = token
}

/** Fuzzed bodies may end a session (logout, a session deleted): sign the role in again if so. */
async function keepSignedIn() {
  for (const role of ['learner', 'contributor', 'admin'] as const) {
    const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${tokens[role]}` } })
    await me.arrayBuffer()
    if (me.status === 401) await signInAs(role)
  }
}

async function createUpload() {
  const submission = await fetch(`${server.api}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.contributor}` },
    body: JSON.stringify({
      submission: { title: 'Fuzz', description: '', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: false, client_id: uuidv7() },
    }),
  })
  const { data } = (await submission.json()) as { data: { id: number } }
  ids.submission = String(data.id)
  const metadata = `submission_id ${Buffer.from(String(data.id)).toString('base64')},filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`
  const created = await fetch(`${server.api}/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.contributor}`, 'tus-resumable': '1.0.0', 'upload-length': '100000', 'upload-metadata': metadata },
  })
  const location = created.headers.get('location') ?? ''
  uploadIds.push(location.split('/').pop() ?? ids.upload)
}

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ADMIN_EMAILS: 'fuzz-admin@example.com',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '100000',
      // The roles sign in again whenever a fuzzed call ended their session (keepSignedIn), all from
      // this one loopback address: the address-and-IP pair's limit (5 an hour) must not stop them.
      OTP_SENDS_PER_ADDRESS_IP_PER_HOUR: '100000',
      // One proxy in front, as behind deploy/nginx.conf: the right-most X-Forwarded-For entry is the
      // address (the "proxy" here is the test, which gives each request its own, so per-IP limits
      // such as the application form's do not turn the fuzz into 429s). What a client forged in
      // front of it, and Forwarded/X-Real-IP, must change nothing and break nothing.
      TRUST_PROXY: '1',
    },
  })
  for (const role of ['learner', 'contributor', 'admin'] as const) await signInAs(role)
  ids.video = String(await seedVideo(server, { access: 'free' }))
  media.free = makeHlsFixture(server.dataDir)
  media.freeVideo = await seedVideo(server, { access: 'free', mediaKey: media.free, duration: 12 })
  media.premium = makeHlsFixture(server.dataDir)
  await seedVideo(server, { access: 'premium', mediaKey: media.premium, duration: 12 })
  for (const file of LADDER_FILES) {
    fs.mkdirSync(path.dirname(path.join(mediaDir(server.dataDir, media.premium), file)), { recursive: true })
    fs.writeFileSync(path.join(mediaDir(server.dataDir, media.premium), file), `only-premium-${file}-`.repeat(100))
  }
  for (let i = 0; i < 3; i++) await createUpload()
  routes = apiRoutes(server.app)
})
afterAll(() => server.close())

// ---------------------------------------------------------------------------------------------------
// Bodies

type Body = { contentType?: string; encoding?: string; bytes: Buffer; headers?: Record<string, string> }

const bytes = (maxLength = 512) => fc.uint8Array({ maxLength }).map((array) => Buffer.from(array))
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\0', 'a\0b', '\ud800', '\udfff', 'e\u0301', 'Vie\u0323\u0302t', '\u202e', '\ufffd', 'x'.repeat(70_000)),
)

/** JSON texts: valid, broken, odd strings, not UTF-8, deeply nested. */
const jsonText = fc.oneof(
  fc.json({ maxDepth: 4 }).map((text) => Buffer.from(text)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify({ user: value, submission: value, events: [value] }))),
  oddText.map((text) => Buffer.from(JSON.stringify({ email: text, display_name: text, comment: { text } }))),
  fc.tuple(fc.string({ maxLength: 20 }), bytes(16)).map(([text, junk]) => Buffer.concat([Buffer.from(`{"email":"${text.replace(/["\\]/g, '')}`), Buffer.from([0xff, 0xc0]), junk, Buffer.from('"}')])),
  fc.integer({ min: 1, max: 30_000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
  bytes(),
)

const jsonBody: fc.Arbitrary<Body> = fc
  .tuple(jsonText, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', undefined))
  .map(([text, contentType]) => ({ contentType, bytes: text }))

const compress = {
  gzip: (data: Buffer) => zlib.gzipSync(data),
  deflate: (data: Buffer) => zlib.deflateSync(data),
  br: (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
}
// One bomb per encoding, made once: 8 MiB of spaces (the JSON limit is 256 KB).
const bombs = Object.fromEntries(Object.entries(compress).map(([name, squeeze]) => [name, squeeze(Buffer.alloc(8 * 1024 * 1024, 0x20))])) as Record<keyof typeof compress, Buffer>

const compressedBody: fc.Arbitrary<Body> = fc
  .record({
    encoding: fc.constantFrom('gzip', 'deflate', 'br', 'GZIP', 'compress', 'gzip, br', 'identity'),
    payload: fc.oneof(jsonText.map((text) => ({ kind: 'text' as const, text })), fc.constant({ kind: 'bomb' as const, text: Buffer.alloc(0) })),
    // Where the compressed bytes are cut (1 = whole), or junk instead of them.
    cut: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    junk: fc.boolean(),
  })
  .map(({ encoding, payload, cut, junk }) => {
    const known = encoding.toLowerCase() as keyof typeof compress
    let data: Buffer = payload.text
    if (known in compress) data = payload.kind === 'bomb' ? bombs[known] : compress[known](payload.text)
    if (junk) data = Buffer.from(data.map((byte) => byte ^ 0x5a))
    return { contentType: 'application/json', encoding, bytes: data.subarray(0, Math.floor(data.length * cut)) }
  })

const FIELD_NAMES = ['name', 'email', 'location', 'english_ability', 'notes', 'title', 'proficiency_level', 'is_free', 'series_mode', 'x']
const FILE_NAMES = ['video', 'thumbnail', 'youtube_thumbnail', 'product_thumbnail', 'other']

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ name: fc.constantFrom(...FIELD_NAMES), value: fc.oneof(oddText.map((text) => Buffer.from(text)), bytes(64)) }),
  fc.record({
    name: fc.constantFrom(...FILE_NAMES),
    filename: fc.constantFrom('a.mp4', 'b.jpg', '../../etc/passwd', ''),
    type: fc.constantFrom('video/mp4', 'image/jpeg', 'application/octet-stream'),
    data: fc.tuple(fc.constantFrom(MP4_HEAD, JPEG_HEAD, Buffer.from('not a file')), fc.integer({ min: 0, max: 48 * 1024 })).map(([head, size]) => Buffer.concat([head, Buffer.alloc(size, 0x11)])),
  }),
  bytes(64).map((raw) => ({ raw })),
)

/** Multipart forms, cut anywhere (in a part header, a field, a file), with or without the final boundary. */
const multipartFormBody: fc.Arbitrary<Body> = fc
  .record({
    parts: fc.array(part, { maxLength: 6 }),
    close: fc.boolean(),
    cut: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    boundary: fc.constantFrom('right', 'wrong', 'missing'),
  })
  .map(({ parts, close, cut, boundary }) => {
    const form = multipartBody(parts, { close })
    const contentType = boundary === 'right' ? form.contentType : boundary === 'wrong' ? 'multipart/form-data; boundary=other' : 'multipart/form-data'
    return { contentType, bytes: form.body.subarray(0, Math.floor(form.body.length * cut)) }
  })

/** A tus PATCH body, with the protocol's headers right or wrong. */
const tusBody: fc.Arbitrary<Body> = fc
  .record({
    data: bytes(4096),
    offset: fc.constantFrom('0', '10', '-1', 'x', '99999999999'),
    resumable: fc.constantFrom('1.0.0', '0.2', undefined),
    contentType: fc.constantFrom('application/offset+octet-stream', 'application/json', undefined),
  })
  .map(({ data, offset, resumable, contentType }) => ({
    contentType,
    bytes: data,
    headers: { 'upload-offset': offset, ...(resumable ? { 'tus-resumable': resumable } : {}) },
  }))

// ---------------------------------------------------------------------------------------------------
// Requests

interface Probe {
  route: number
  method: string
  role: Role
  param: number
  body: Body
  /** whole: sent and ended; chunked: no length, ended; cut: the length of all, part of it sent, socket closed. */
  delivery: 'whole' | 'chunked' | 'cut'
  cutAt: number
  ip: number
  /** What a client wrote in front of the proxy's entry, and other forwarding headers it forged. */
  forged: { prefix: string; headers: Record<string, string> }
}

/** Forged forwarding headers: addresses, lists, IPv6, garbage, very long, or none. */
const forwardedWord = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('unknown', '127.0.0.1', '::1', '::ffff:127.0.0.1', '10.9.0.1, 203.0.113.7', '', ' ', ',,,', 'for=1.2.3.4', '[::1]:80', '1.2.3.4:5678'),
  fc.string({ maxLength: 40 }).map((text) => text.replace(/[\r\n\0]/g, '')),
)
const forgedForwarding = fc.record({
  prefix: fc.oneof(fc.constant(''), fc.array(forwardedWord, { maxLength: 6 }).map((words) => `${words.join(', ')}, `), fc.constant('1.1.1.1, '.repeat(500))),
  headers: fc.record(
    {
      forwarded: forwardedWord.map((word) => `for=${word}`),
      'x-real-ip': forwardedWord,
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher', ''),
      'x-forwarded-host': forwardedWord,
    },
    { requiredKeys: [] },
  ),
})

const probe: fc.Arbitrary<Probe> = fc.record({
  route: fc.nat(),
  method: fc.constantFrom('POST', 'PATCH', 'PUT', 'DELETE', 'GET', 'HEAD', 'OPTIONS'),
  role: fc.constantFrom(...ROLES),
  param: fc.nat(),
  body: fc.oneof(jsonBody, compressedBody, multipartFormBody, tusBody),
  delivery: fc.constantFrom('whole', 'whole', 'chunked', 'cut'),
  cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
  ip: fc.nat({ max: 255 * 255 }),
  forged: forgedForwarding,
})

/** Fills a route's parameters with real ids, unknown ones, and nonsense. */
function pathOf(route: AppRoute, param: number): string {
  const pick = <T>(choices: T[]) => choices[param % choices.length]
  return route.path
    .replace('*splat', () => pick([...uploadIds, ids.upload, '..%2F..', 'x']))
    .replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'code') return pick(['vi', 'en', 'zz', '%ZZ'])
      if (name === 'lang') return pick(['vi', 'en', 'xx'])
      return pick([ids.video, ids.submission, '1', '999999', '-1', 'abc', '1e3'])
    })
}

async function send(p: Probe): Promise<string | undefined> {
  const route = routes[p.route % routes.length]
  const method = route.method === 'ALL' ? p.method : route.method
  const headers: Record<string, string | number> = {
    ...p.forged.headers,
    ...p.body.headers,
    'x-forwarded-for': `${p.forged.prefix}10.${p.ip >> 8}.${p.ip & 255}.1`,
  }
  if (p.role !== 'anonymous') headers.authorization = `Bearer ${tokens[p.role]}`
  if (p.body.contentType) headers['content-type'] = p.body.contentType
  if (p.body.encoding) headers['content-encoding'] = p.body.encoding
  const withBody = method !== 'GET' && method !== 'HEAD'
  let body = withBody ? p.body.bytes : undefined
  let finish: 'end' | 'destroy' = 'end'
  if (body && p.delivery === 'chunked') headers['transfer-encoding'] = 'chunked'
  else if (body) headers['content-length'] = body.length
  if (body && p.delivery === 'cut') {
    body = body.subarray(0, Math.floor(body.length * p.cutAt))
    finish = 'destroy'
  }
  const path = pathOf(route, p.param)
  const answer = await rawRequest({ url: `${server.baseUrl}${path}`, method, headers, body, finish })
  if (answer.status >= 500) return `${method} ${path} (${p.delivery}, ${p.body.contentType}, ${p.body.encoding ?? 'identity'}) -> ${answer.status} ${answer.text.slice(0, 200)}`
  return undefined
}

/**
 * In production an unheard stream error stops the process. Here the server shares the test's process
 * and vitest catches such errors for its report, so the server would seem to answer on: they are
 * collected and each burst must have none.
 */
const uncaught: string[] = []
const onUncaught = (error: Error) => void uncaught.push(String(error?.stack ?? error))
beforeAll(() => {
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
})
afterAll(() => {
  process.off('uncaughtException', onUncaught)
  process.off('unhandledRejection', onUncaught)
})

describe('request body fuzzing', () => {
  it(`never answers 5xx to ${BURSTS * BURST_SIZE} malformed bodies on every route, and keeps serving after each burst`, async () => {
    expect(routes.length).toBeGreaterThan(30) // the walk found the routes (an empty walk would prove nothing)
    let sent = 0
    await fc.assert(
      fc.asyncProperty(fc.array(probe, { minLength: BURST_SIZE, maxLength: BURST_SIZE }), async (burst) => {
        await keepSignedIn()
        const failures: string[] = []
        const queue = [...burst]
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const failure = await send(next)
            sent++
            if (failure) failures.push(failure)
          }
        }
        await Promise.all(Array.from({ length: PARALLEL }, worker))
        if (failures.length) throw new Error(`5xx answers:\n${failures.join('\n')}`)
        if (uncaught.length) throw new Error(`errors that would have stopped the server:\n${uncaught.join('\n').slice(0, 4000)}`)
        const health = await fetch(`${server.api}/health`)
        expect(health.status).toBe(200)
        await health.arrayBuffer()
      }),
      {
        seed: SEED,
        numRuns: BURSTS,
        // No shrinking: a failing burst is reported as it is, by what failed and the seed to replay it
        // (printing the burst itself would be megabytes of bodies).
        endOnFailure: true,
        asyncReporter: async (details) => {
          if (!details.failed) return
          const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
          throw new Error(`burst ${details.numRuns} failed (FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}):\n${error}`)
        },
      },
    )
    expect(sent).toBeGreaterThanOrEqual(2000)
  })
})

describe('forged media paths', () => {
  it("never gives a free video's grant the premium video's bytes, however the climb between them is spelled", async () => {
    // The fuzz before may have ended the learner's session (a logout among its bodies).
    await keepSignedIn()
    const detail = await fetch(`${server.api}/videos/${media.freeVideo}`, { headers: { authorization: `Bearer ${tokens.learner}` } })
    const grant = new URL(((await detail.json()) as { data: { playback: { hls_url: string } } }).data.playback.hls_url, server.baseUrl).searchParams.get('grant')!
    const check = async (url: string) => {
      // As sent: fetch and http.request(url) would resolve the dot segments first.
      const answer = await rawPath(server.baseUrl, url)
      expect([400, 403, 404], url).toContain(answer.status)
      expect(answer.body.includes('only-premium'), url).toBe(false)
    }
    for (const file of LADDER_FILES) for (const url of forgedMediaPaths(media.free, media.premium, grant, file)) await check(url)
    await fc.assert(fc.asyncProperty(forgedMediaPath(media.free, media.premium, grant), check), { seed: SEED, numRuns: 300 })
  })
})
