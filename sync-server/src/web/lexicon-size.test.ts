/**
 * Issue 42's budget: a lexicon of 20,000 entries is at most 400 KB as a phone receives it through the
 * nginx we ship (deploy/nginx.conf), read once per version (a 304 after). The entries are generated:
 * Vietnamese headwords of one to three syllables from real onsets, rhymes and tones, with one to three
 * English glosses each, which compress no better than a real lexicon's.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GlossaryEntry } from '../../../contract/index.ts'
import { nginxAvailable, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const ONSETS = ['', 'b', 'c', 'ch', 'd', 'đ', 'g', 'gi', 'h', 'k', 'kh', 'l', 'm', 'n', 'ng', 'nh', 'ph', 'qu', 'r', 's', 't', 'th', 'tr', 'v', 'x']
const RHYMES = ['a', 'ai', 'am', 'an', 'ang', 'anh', 'ao', 'at', 'ay', 'ăn', 'âm', 'ân', 'ây', 'e', 'em', 'en', 'i', 'inh', 'o', 'oi', 'on', 'ong', 'ô', 'ôi', 'ông', 'ơ', 'ơi', 'u', 'ui', 'ung', 'ư', 'ương', 'iêu', 'uôn']
// Tone marks as combining characters, composed to NFC below.
const TONES = ['', '\u0300', '\u0301', '\u0309', '\u0303', '\u0323']
const WORDS = 'to go come eat drink see hear say make take give house road market water rice fish meat tree river city small big hot cold new old good fast slow early late happy sad busy quiet bright dark open close buy sell work play learn teach read write sleep wake day night morning evening friend family mother father child teacher doctor'.split(' ')

/** A deterministic generator (mulberry32), so every run measures the same lexicon. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function generatedLexicon(count: number): GlossaryEntry[] {
  const next = random(42)
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const syllable = () => {
    const rhyme = pick(RHYMES)
    return `${pick(ONSETS)}${rhyme[0]}${pick(TONES)}${rhyme.slice(1)}`.normalize('NFC')
  }
  const seen = new Set<string>()
  const entries: GlossaryEntry[] = []
  while (entries.length < count) {
    const headword = Array.from({ length: 1 + Math.floor(next() * 3) }, syllable).join(' ')
    if (seen.has(headword)) continue
    seen.add(headword)
    const glosses = Array.from({ length: 1 + Math.floor(next() * 3) }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(WORDS)).join(' '))
    entries.push({ headword, glosses, reading: null, note: null })
  }
  return entries
}

function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

describe.skipIf(!nginxAvailable())('the lexicon behind deploy/nginx.conf', () => {
  let server: TestServer
  let nginx: RunningNginx
  let dir: string
  let token: string

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } })
    await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'vi', generatedLexicon(20_000), 'admin', null))
    token = (await signIn(server, 'lexicon@example.com')).token
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-'))
    fs.chmodSync(dir, 0o755)
    nginx = await startNginx({ dir, dataDir: server.dataDir, apiPorts: [Number(new URL(server.baseUrl).port)] })
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('sends 20,000 entries in at most 400 KB to a browser, and nothing but a 304 once it holds this version', async () => {
    const url = `${nginx.url}/api/v1/languages/vi/lexicon`
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' }
    const answer = await getRaw(url, headers)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    const data = JSON.parse(zlib.brotliDecompressSync(answer.body).toString('utf8')).data as { entries: unknown[] }
    expect(data.entries).toHaveLength(20_000)
    console.log(`lexicon of 20,000 entries through nginx: ${answer.body.length} bytes (Brotli)`)
    expect(answer.body.length).toBeLessThanOrEqual(400 * 1024)
    // A browser without Brotli (an old one) gets gzip, within the same budget.
    const gzipped = await getRaw(url, { ...headers, 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    console.log(`the same as gzip: ${gzipped.body.length} bytes`)
    expect(gzipped.body.length).toBeLessThanOrEqual(400 * 1024)
    const etag = String(answer.headers.etag)
    const again = await getRaw(url, { ...headers, 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })
})
