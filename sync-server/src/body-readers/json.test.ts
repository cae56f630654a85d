import { once } from 'node:events'
import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** POST /waitlist with exact bytes and headers (fetch would fix the length and encoding itself). */
function post(body: Buffer | Buffer[], headers: Record<string, string>, path = '/waitlist'): Promise<{ status: number; body: { error?: string; data?: unknown } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.api}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
    })
    request.on('error', reject)
    for (const part of Array.isArray(body) ? body : [body]) request.write(part)
    request.end()
  })
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value))

describe('JSON request bodies', () => {
  it('reads UTF-8 text with accents whole, with or without a BOM, sent at once or in chunks', async () => {
    const address = { email: 'người-học@example.com' }
    const accepted = await post(json(address), { 'content-type': 'application/json; charset=utf-8' })
    // The address is read intact: it reaches the e-mail rule, which refuses it, and not the JSON reader.
    expect(accepted.body.error).toBe('validation_failed')
    const bom = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json({ email: 'bom@example.com' })]), { 'content-type': 'application/json' })
    expect(bom.status).toBe(202)
    const bytes = json({ email: 'chunked@example.com' })
    const chunked = await post([bytes.subarray(0, 5), bytes.subarray(5)], { 'content-type': 'application/json', 'transfer-encoding': 'chunked' })
    expect(chunked.status).toBe(202)
  })

  it('inflates a gzip body, and counts the limit after inflating', async () => {
    const small = await post(zlib.gzipSync(json({ email: 'gzip@example.com' })), { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    expect(small.status).toBe(202)
    const bomb = await post(zlib.gzipSync(json({ email: 'a@b.co', website: ' '.repeat(2_000_000) })), { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    expect(bomb).toMatchObject({ status: 413, body: { error: 'payload_too_large' } })
  })

  it('answers each mistake in the contract shape', async () => {
    const cases: Array<[Buffer, Record<string, string>, number, string]> = [
      [json({ email: 'a@b.co' }), { 'content-type': 'application/json; charset=latin1' }, 415, 'unsupported_media_type'],
      [json({ email: 'a@b.co' }), { 'content-type': 'application/json', 'content-encoding': 'compress' }, 415, 'unsupported_media_type'],
      [Buffer.from('{"email": '), { 'content-type': 'application/json' }, 400, 'malformed_json'],
      [Buffer.from('"just a string"'), { 'content-type': 'application/json' }, 400, 'malformed_json'],
      [Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 400, 'bad_request'],
      [Buffer.alloc(300 * 1024, 32), { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, 413, 'payload_too_large'],
    ]
    for (const [body, headers, status, error] of cases) {
      expect(await post(body, headers), JSON.stringify(headers)).toMatchObject({ status, body: { error } })
    }
  })
})

/** The JSON reader's body limit (app.ts). */
const LIMIT = 256 * 1024

describe('compressed bodies that inflate past the limit', () => {
  afterEach(() => vi.restoreAllMocks())

  const factories = { br: 'createBrotliDecompress', gzip: 'createGunzip', deflate: 'createInflate' } as const
  const compress = {
    br: (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: (data: Buffer) => zlib.gzipSync(data, { level: 9 }),
    deflate: (data: Buffer) => zlib.deflateSync(data, { level: 9 }),
  }
  // 64 MiB of spaces: a few hundred bytes as brotli, 64 KB as gzip. Inflating all of it is what a
  // reader that only stops listening would do.
  const inflated = Buffer.alloc(64 * 1024 * 1024, 0x20)

  for (const encoding of ['br', 'gzip', 'deflate'] as const) {
    it(`a ${encoding} bomb is refused at the limit without burning a core`, async () => {
      // Watch the decompressor the reader makes: what it inflated, and whether it was stopped.
      const made: Array<{ stream: zlib.Gunzip; bytesOut: number }> = []
      const create = zlib[factories[encoding]] as () => zlib.Gunzip
      vi.spyOn(zlib, factories[encoding]).mockImplementation(() => {
        const seen = { stream: create(), bytesOut: 0 }
        seen.stream.on('data', (chunk: Buffer) => void (seen.bytesOut += chunk.length))
        made.push(seen)
        return seen.stream as never
      })
      const bomb = compress[encoding](inflated)
      const answer = await post(bomb, { 'content-type': 'application/json', 'content-encoding': encoding })
      expect(answer).toMatchObject({ status: 413, body: { error: 'payload_too_large' } })
      expect(made).toHaveLength(1)
      const [{ stream }] = made
      // Stopped when the answer went out, not left to run through the rest on its own.
      expect(stream.destroyed).toBe(true)
      if (!stream.closed) await once(stream, 'close')
      // What it inflated is bounded by the limit (plus the chunk that crossed it), not by the bomb.
      expect(made[0].bytesOut).toBeLessThanOrEqual(LIMIT + 64 * 1024)
      const health = await fetch(`${server.api}/health`)
      expect(health.status).toBe(200)
    })
  }
})

describe('text in JSON bodies', () => {
  it('refuses text that is not UTF-8, or holds a NUL or a lone surrogate, with 400 invalid_text', async () => {
    const cases: Buffer[] = [
      Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe]), Buffer.from('@example.com"}')]),
      // An overlong encoding of "/" and a truncated three-byte sequence.
      Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('@example.com"}')]),
      Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xe1, 0xbb]), Buffer.from('"}')]),
      // JSON escapes: a NUL, a lone surrogate, a NUL in a name.
      Buffer.from(String.raw`{"email":"a\u0000@example.com"}`),
      Buffer.from(String.raw`{"email":"nul@example.com","website":"\u0000"}`),
      Buffer.from(String.raw`{"email":"a\ud800@example.com"}`),
      Buffer.from(String.raw`{"em\u0000ail":"a@example.com"}`),
    ]
    for (const body of cases) {
      const answer = await post(body, { 'content-type': 'application/json' }, '/auth/register')
      expect(answer, body.toString('latin1')).toMatchObject({ status: 400, body: { error: 'invalid_text' } })
    }
  })

  it('stores a note typed with combining accents composed (NFC), as the same text typed precomposed', async () => {
    const { token } = await signIn(server, 'nfc@example.com')
    const decomposed = 'Tie\u0302\u0301ng Vie\u0323\u0302t ra\u0302\u0301t hay, ca\u0309m o\u031bn!'
    expect(decomposed).not.toBe(decomposed.normalize('NFC'))
    const response = await fetch(`${server.api}/user_feedbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ user_feedback: { feedback: decomposed, environment_data: {} } }),
    })
    expect(response.status).toBe(201)
    const stored = await server.ctx.database.db.selectFrom('user_feedbacks').select('feedback').orderBy('id', 'desc').limit(1).executeTakeFirst()
    expect(stored?.feedback).toBe('Tiếng Việt rất hay, cảm ơn!')
  })
})
