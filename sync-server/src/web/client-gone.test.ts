/**
 * A browser that closes mid-download is a client going away, not a server fault: one info line, never a
 * level-50 "unhandled error" with a stack.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../pwa/build/precompress.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let dist: string
const lines: { level: number; msg: string }[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string })
    done()
  },
})

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Dễ Hiểu</title>${'<p>Học tiếng Việt</p>'.repeat(100)}`)
  // Large enough that the answer is still being written when the browser goes.
  const words = Array.from({ length: 60_000 }, (_, i) => `câu ${(i * 2654435761) % 1_000_003}`)
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), `export const w = ${JSON.stringify(words)}\n`)
  precompress(dist)
  server = await startTestServer({ pwaDist: dist, logger: pino({ level: 'info' }, sink) })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

/** Asks for `target` and closes the socket once `after` bytes of the answer came (0: at once). */
function goAway(target: string, after: number): Promise<void> {
  const { port } = new URL(server.baseUrl)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n`)
      if (after === 0) socket.destroy()
    })
    let seen = 0
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.length
      if (seen >= after) socket.destroy()
    })
    socket.on('close', () => resolve())
    socket.on('error', () => resolve())
  })
}

describe('a client going away mid-download', () => {
  it('logs an info line and no error, for an asset or the app page, before or after the first byte', async () => {
    for (let i = 0; i < 20; i++) {
      await goAway('/assets/big-abc123.js', i % 2 === 0 ? 0 : 1000)
      await goAway('/languages/vi/videos', 0)
    }
    // A request after them all is answered and logged: the server is fine and the log caught up.
    expect((await fetch(`${server.api}/languages`)).status).toBe(200)
    await expect.poll(() => lines.some((l) => l.msg === 'request')).toBe(true)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
    // What happened is still in the log, as an info line.
    expect(lines.some((l) => l.level === 30 && l.msg === 'client went away before the answer was sent')).toBe(true)
  })
})
