/**
 * Behind the nginx we ship (deploy/nginx.conf, run here as it is): the API's larger JSON answers go
 * gzipped to a client that accepts it (a page of videos on a phone's slow network), small ones and
 * clients that do not accept it get plain JSON, and the app's own files pass through with the Brotli
 * copy the API process chose (pwa-static.ts), not compressed twice.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../pwa/build/precompress.ts'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { nginxAvailable, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

/** GET over node:http, which (unlike fetch) leaves the body as it came: encoded bytes and their header. */
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

describe.skipIf(!nginxAvailable())('compression behind deploy/nginx.conf', () => {
  let server: TestServer
  let nginx: RunningNginx
  let dir: string
  let dist: string
  let token: string
  const script = `export const lines = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `câu ${i}`))}\n`

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dễ Hiểu</title>')
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script)
    precompress(dist)
    server = await startTestServer({ pwaDist: dist, env: { TRUST_PROXY: '1' } })
    for (let i = 0; i < 24; i++) await seedVideo(server, { title: `Phở Hà Nội, tập ${i + 1}` })
    token = (await signIn(server, 'gzip@example.com')).token
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-'))
    fs.chmodSync(dir, 0o755)
    nginx = await startNginx({ dir, dataDir: server.dataDir, apiPorts: [Number(new URL(server.baseUrl).port)] })
  })
  afterAll(async () => {
    await nginx?.stop()
    await server?.close()
    for (const folder of [dir, dist]) if (folder) fs.rmSync(folder, { recursive: true, force: true })
  })

  it("sends a page of videos gzipped to a client that takes gzip, and the same JSON plain to one that does not", async () => {
    const url = `${nginx.url}/api/v1/languages/vi/videos?limit=24`
    const zipped = await getRaw(url, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' })
    expect(zipped.status).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    const page = JSON.parse(zlib.gunzipSync(zipped.body).toString('utf8')) as { data: Array<{ title: string }> }
    expect(page.data).toHaveLength(24)
    expect(zipped.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(page)) / 2)

    const plain = await getRaw(url, { authorization: `Bearer ${token}` })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(page)
  })

  it("passes the app's Brotli copy through as the API process sent it", async () => {
    const answer = await getRaw(`${nginx.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, br' })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toBe(script)
  })
})
