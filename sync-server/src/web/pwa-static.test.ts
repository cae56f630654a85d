import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let dist: string

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dễ Hiểu app</title>')
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
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
})
