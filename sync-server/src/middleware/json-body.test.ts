import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** POST /waitlist with exact bytes and headers (fetch would fix the length and encoding itself). */
function post(body: Buffer | Buffer[], headers: Record<string, string>): Promise<{ status: number; body: { error?: string; data?: unknown } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.api}/waitlist`, { method: 'POST', headers }, (response) => {
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
