/**
 * Uploads are cut on silence, not on total time. The server here keeps a silent connection 1 s (60 s
 * in production), so a steady upload that lasts several times that must still finish, and one that
 * goes silent must be closed and leave nothing behind.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { multipartBody } from '../../test-support/raw-request.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { applyServerTimeouts, REQUEST_SILENCE_MS } from './server-timeouts.ts'

const SILENCE_MS = 1000
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ silenceMs: SILENCE_MS })
})
afterAll(() => server.close())

const mp4 = (size: number) => Buffer.concat([Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex'), Buffer.alloc(size, 0x11)])

function applicationBody(email: string) {
  return multipartBody([
    { name: 'name', value: 'Trần Thị Bình' },
    { name: 'email', value: email },
    { name: 'location', value: 'Cần Thơ' },
    { name: 'english_ability', value: 'well' },
    { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(200_000) },
  ])
}

const incoming = () => {
  const dir = path.join(server.dataDir, 'incoming')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

function openUpload(body: Buffer, contentType: string) {
  const request = http.request(`${server.api}/contributor_applications`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'content-length': body.length },
    agent: false,
  })
  const answer = new Promise<number>((resolve) => {
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', () => resolve(0))
  })
  return { request, answer }
}

describe('request time limits', () => {
  it('a slow but steady application upload finishes however long it takes in total', async () => {
    const { body, contentType } = applicationBody('steady@example.com')
    const { request, answer } = openUpload(body, contentType)
    // Ten pieces, a third of the silence limit apart: three times the limit in all, never silent for it.
    const piece = Math.ceil(body.length / 10)
    for (let offset = 0; offset < body.length; offset += piece) {
      request.write(body.subarray(offset, offset + piece))
      if (offset + piece < body.length) await pause(SILENCE_MS / 3)
    }
    request.end()
    expect(await answer).toBe(201)
  })

  it('an upload that goes silent is closed after the silence limit, and its half-written file removed', async () => {
    const { body, contentType } = applicationBody('silent@example.com')
    const { request, answer } = openUpload(body, contentType)
    request.write(body.subarray(0, 100_000))
    await vi.waitFor(() => expect(incoming()).toHaveLength(1), { timeout: 5000, interval: 10 })
    // Nothing more is sent: the server closes the connection on its own.
    await new Promise((closed) => request.on('close', closed))
    expect(await answer).toBe(0)
    await vi.waitFor(() => expect(incoming()).toEqual([]), { timeout: 5000, interval: 10 })
    expect((await fetch(`${server.api}/health`)).status).toBe(200)
  })

  it('puts no total limit on a request (Node would end a 7-minute, 50 MB upload at 300 s with 408)', () => {
    const plain = http.createServer()
    expect(plain.requestTimeout).toBe(300_000) // what Node does unless told
    applyServerTimeouts(plain)
    expect(plain.requestTimeout).toBe(0)
    expect(plain.timeout).toBe(REQUEST_SILENCE_MS)
    expect(REQUEST_SILENCE_MS).toBe(60_000)
  })
})
