import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parsePartRange, statPart, streamPart, variantFiles } from './variant-parts.ts'

const playlist = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-MAP:URI="init_1.mp4"', '#EXTINF:6.0,', 'seg_000.m4s', '#EXTINF:2.5,', 'seg_001.m4s', '#EXT-X-ENDLIST', ''].join('\n')

describe('variant parts', () => {
  it('numbers the files as the playlist lists them, init first', () => {
    expect(variantFiles(playlist)).toEqual(['init_1.mp4', 'seg_000.m4s', 'seg_001.m4s'])
    expect(variantFiles(playlist.replace('#EXT-X-MAP:URI="init_1.mp4"\n', ''))).toEqual(['seg_000.m4s', 'seg_001.m4s'])
    // A name the transcoder never writes makes the whole rendition unavailable as parts.
    expect(variantFiles(playlist.replace('seg_001.m4s', '../../secret'))).toBeUndefined()
    expect(variantFiles(playlist.replace('init_1.mp4', '/etc/passwd'))).toBeUndefined()
  })

  it('reads from and count as whole numbers only, count 1..64', () => {
    expect(parsePartRange({ from: '3', count: '64' })).toEqual({ from: 3, count: 64 })
    for (const query of [{}, { from: '1' }, { from: '1', count: '65' }, { from: '1', count: '0' }, { from: ' 1', count: '2' }, { from: ['1', '2'], count: '2' }, { from: '0x1', count: '2' }]) {
      expect(parsePartRange(query), JSON.stringify(query)).toBeUndefined()
    }
  })
})

describe('streaming a part', () => {
  let server: http.Server | undefined
  afterEach(() => server?.close())

  it('cuts the answer short, so nothing is stored, when a file shrinks after it was measured', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'part-'))
    fs.writeFileSync(path.join(folder, 'seg_000.m4s'), Buffer.alloc(200_000, 1))
    fs.writeFileSync(path.join(folder, 'seg_001.m4s'), Buffer.alloc(200_000, 2))
    const files = (await statPart(folder, ['seg_000.m4s', 'seg_001.m4s']))!
    expect(files.map((file) => file.size)).toEqual([200_000, 200_000])
    expect(await statPart(folder, ['seg_000.m4s', 'seg_009.m4s'])).toBeUndefined()

    let shrink = false
    server = http.createServer((_req, res) => {
      if (shrink) fs.truncateSync(path.join(folder, 'seg_001.m4s'), 1000)
      res.setHeader('Content-Length', String(400_000))
      void streamPart(res, files)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

    const whole = Buffer.from(await (await fetch(url)).arrayBuffer())
    expect(whole.length).toBe(400_000)
    expect(whole[199_999]).toBe(1)
    expect(whole[200_000]).toBe(2)

    shrink = true
    await expect(fetch(url).then((response) => response.arrayBuffer())).rejects.toThrow()
    fs.rmSync(folder, { recursive: true, force: true })
  })
})
