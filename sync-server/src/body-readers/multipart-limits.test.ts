/**
 * A multipart body refused at its limit is not read any further (issue 45, item 7): without nginx in
 * front, a 300 MB `video` part was read to its end before the 413 and an 800 MB unexpected file part
 * before the 422. Each request here streams its body as a client would, as fast as the server takes
 * it, and counts what the server let it send: the answer must come at the limit, and the rest never
 * be taken, with or without Content-Length.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const MB = 1024 * 1024
const BOUNDARY = 'dehieu-limits-boundary'
const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')

function head(fileField: string): Buffer {
  const fields = ['name=Lan', 'email=lan.limits@example.com', 'location=Huế', 'english_ability=a_little']
  const text = fields.map((pair) => {
    const [name, value] = pair.split('=')
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  })
  text.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`)
  return Buffer.concat([Buffer.from(text.join('')), MP4_HEAD])
}

interface Sent {
  status: number
  body: { error?: string; message?: string } | undefined
  /** Bytes of the body the server's socket took before the answer came or the connection closed. */
  sentBytes: number
}

/**
 * Posts an application whose file part `fileField` runs to `totalBytes`, written as the socket takes
 * it (awaiting drain), stopping at the answer or a closed connection. `declared` sends Content-Length.
 */
function stream(fileField: string, totalBytes: number, declared: boolean): Promise<Sent> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }
    if (declared) headers['content-length'] = totalBytes
    const request = http.request(`${server.api}/contributor_applications`, { method: 'POST', headers, agent: false })
    let sentBytes = 0
    let answer: Omit<Sent, 'sentBytes'> | undefined
    let stopped = false
    const done = () => {
      if (stopped) return
      stopped = true
      resolve({ status: answer?.status ?? 0, body: answer?.body, sentBytes })
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        answer = { status: response.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : undefined }
        request.destroy()
        done()
      })
    })
    request.on('error', () => setImmediate(done))
    request.on('close', () => setImmediate(done))
    const first = head(fileField)
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
    const chunk = Buffer.alloc(MB, 0x11)
    const write = () => {
      while (!stopped && !request.destroyed && sentBytes < totalBytes) {
        const left = totalBytes - sentBytes
        const piece = sentBytes === 0 ? first : left <= MB + tail.length ? Buffer.concat([chunk.subarray(0, left - tail.length), tail]) : chunk
        sentBytes += piece.length
        if (!request.write(piece)) return void request.once('drain', write)
      }
      if (!stopped && !request.destroyed) request.end()
    }
    write()
  })
}

const incoming = () => {
  const dir = path.join(server.dataDir, 'incoming')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

describe('a multipart body refused at its limit is not read to its end', () => {
  it('a 300 MB video part without Content-Length: 413 at the 50 MB limit, the rest never taken', async () => {
    const sent = await stream('video', 300 * MB, false)
    expect(sent).toMatchObject({ status: 413, body: { error: 'file_too_large' } })
    expect(sent.sentBytes).toBeLessThan(120 * MB)
    expect(incoming()).toEqual([])
  })

  it('a 300 MB body that says so in Content-Length: 413 before reading, and the body is not read after the answer either', async () => {
    const sent = await stream('video', 300 * MB, true)
    expect(sent).toMatchObject({ status: 413, body: { error: 'file_too_large' } })
    expect(sent.sentBytes).toBeLessThan(120 * MB)
  })

  it('an 800 MB file part the form does not take: 422 at its first bytes, the rest never taken', async () => {
    const sent = await stream('extra', 800 * MB, false)
    expect(sent).toMatchObject({ status: 422, body: { error: 'validation_failed', message: expect.stringContaining('"extra"') } })
    expect(sent.sentBytes).toBeLessThan(120 * MB)
    expect(incoming()).toEqual([])
  })

  it('keeps serving afterwards', async () => {
    expect((await fetch(`${server.api}/health`)).status).toBe(200)
  })
})
