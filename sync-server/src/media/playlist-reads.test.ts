/** Playlist reads on disk: read once and kept, read again when the file changes (a re-transcode). */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createDiskStore } from '../storage/disk-store.ts'
import { createPlaylistReads } from './playlist-reads.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-playlist-reads-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const playlist = (segments: number) =>
  ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:4', '#EXT-X-MAP:URI="init.mp4"', ...Array.from({ length: segments }, (_, i) => `#EXTINF:4.000,\nseg_${i}.m4s`), '#EXT-X-ENDLIST', ''].join('\n')

it('keeps what it read of a playlist until the file changes, then reads the new one', async () => {
  const file = path.join(dir, 'index.m3u8')
  fs.writeFileSync(file, playlist(3))
  const reads = createPlaylistReads(createDiskStore(dir))
  expect(await reads.variantIndex(file)).toEqual(['init.mp4', 'seg_0.m4s', 'seg_1.m4s', 'seg_2.m4s'])
  expect((await reads.previewCut(file, 5)).allowed).toEqual(new Set(['seg_0.m4s', 'seg_1.m4s']))

  fs.writeFileSync(file, playlist(5))
  const later = new Date(Date.now() + 5_000)
  fs.utimesSync(file, later, later)
  expect(await reads.variantIndex(file)).toHaveLength(6)
  expect(await reads.playlistText(file)).toBe(playlist(5))
})

it('fails a read of a playlist that is not there', async () => {
  const reads = createPlaylistReads(createDiskStore(dir))
  await expect(reads.playlistText(path.join(dir, 'v360p', 'index.m3u8'))).rejects.toThrow()
})
