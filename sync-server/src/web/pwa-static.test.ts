import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../pwa/build/precompress.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let dist: string

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dễ Hiểu app</title>')
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  // The build's compressed copies (pwa/build/precompress.ts), made by the real script.
  fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js'), `export const lines = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `câu số ${i}`))}\n`)
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Dễ Hiểu app</title>${'<p>Học tiếng Việt</p>'.repeat(100)}`)
  precompress(dist)
  server = await startTestServer({ pwaDist: dist })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('serving the PWA', () => {
  it('caches hashed assets for a year and never caches index.html or the service worker', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const sw = await fetch(`${server.baseUrl}/sw.js`)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const index = await fetch(`${server.baseUrl}/`)
    expect(index.headers.get('cache-control')).toBe('no-cache')
    expect(await index.text()).toContain('Dễ Hiểu app')
  })

  it('answers any app path with index.html, but not API or media paths', async () => {
    for (const route of ['/languages', '/languages/vi/videos/3', '/login?next=/x', '/vi/']) {
      const response = await fetch(`${server.baseUrl}${route}`)
      expect(response.status, route).toBe(200)
      expect(await response.text()).toContain('Dễ Hiểu app')
    }
    const api = await fetch(`${server.baseUrl}/api/v1/unknown`)
    expect(api.status).toBe(404)
    expect((await api.json()).error).toBe('not_found')
    expect((await fetch(`${server.baseUrl}/media/1/master.m3u8`)).status).toBe(404)
  })

  it('sends the compressed copy a browser accepts, Brotli first, with the original type; the bytes as they are to one that accepts none', async () => {
    const original = fs.readFileSync(path.join(dist, 'assets', 'vendor-def456.js'), 'utf8')
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'br;q=0, gzip;q=0.8', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ]
    for (const { accept, encoding } of cases) {
      const response = await fetch(`${server.baseUrl}/assets/vendor-def456.js`, { headers: { 'accept-encoding': accept } })
      expect(response.status, accept).toBe(200)
      expect(response.headers.get('content-encoding'), accept).toBe(encoding)
      expect(response.headers.get('content-type'), accept).toMatch(/^text\/javascript|^application\/javascript/)
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i)
      expect(response.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable')
      expect(await response.text(), accept).toBe(original) // fetch decodes what it was sent
    }
    const compressed = await fetch(`${server.baseUrl}/assets/vendor-def456.js`, { headers: { 'accept-encoding': 'br' } })
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(original.length / 3)
  })

  it('sends the app page compressed too, at / and on any app path, never cached', async () => {
    for (const route of ['/', '/languages/vi/videos']) {
      const response = await fetch(`${server.baseUrl}${route}`, { headers: { 'accept-encoding': 'br' } })
      expect(response.headers.get('content-encoding'), route).toBe('br')
      expect(response.headers.get('content-type'), route).toMatch(/^text\/html/)
      expect(response.headers.get('cache-control'), route).toBe('no-cache')
      expect(await response.text(), route).toContain('Học tiếng Việt')
    }
  })

  it('answers a malformed or escaping path without a server error', async () => {
    for (const route of ['/assets/%E0%A4%A', '/assets/..%2f..%2fpackage.json']) {
      const response = await fetch(`${server.baseUrl}${route}`)
      expect(response.status, route).toBeLessThan(500)
      expect(await response.text(), route).not.toContain('"name"')
    }
  })
})

describe('a deployment not yet open (PRE_LAUNCH)', () => {
  let preLaunch: TestServer
  let preLaunchDist: string
  beforeAll(async () => {
    preLaunchDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-dist-'))
    fs.writeFileSync(path.join(preLaunchDist, 'index.html'), '<!doctype html><title>open</title>')
    fs.writeFileSync(path.join(preLaunchDist, 'index.pre-launch.html'), '<!doctype html><html data-pre-launch=""><title>coming soon</title>')
    fs.mkdirSync(path.join(preLaunchDist, 'vi'))
    fs.writeFileSync(path.join(preLaunchDist, 'vi', 'index.html'), '<!doctype html><title>mở</title>')
    fs.writeFileSync(path.join(preLaunchDist, 'vi', 'index.pre-launch.html'), '<!doctype html><title>sắp ra mắt</title>')
    preLaunch = await startTestServer({ pwaDist: preLaunchDist, env: { PRE_LAUNCH: '1' } })
  })
  afterAll(async () => {
    await preLaunch.close()
    fs.rmSync(preLaunchDist, { recursive: true, force: true })
  })

  it('sends the landing pages’ pre-launch copies, and the open app everywhere else', async () => {
    expect(await (await fetch(`${preLaunch.baseUrl}/`)).text()).toContain('coming soon')
    expect(await (await fetch(`${preLaunch.baseUrl}/vi/`)).text()).toContain('sắp ra mắt')
    expect(await (await fetch(`${preLaunch.baseUrl}/languages`)).text()).toContain('open')
  })

  it('is off by default: an open deployment sends the open landing', async () => {
    fs.writeFileSync(path.join(dist, 'index.pre-launch.html'), '<!doctype html><title>coming soon</title>')
    expect(await (await fetch(`${server.baseUrl}/`)).text()).not.toContain('coming soon')
  })
})
