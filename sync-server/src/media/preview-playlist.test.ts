import { describe, expect, it } from 'vitest'
import { cutPlaylistAt, segmentUris } from './preview-playlist.ts'

const playlist = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:6.000000,',
  'seg_000.m4s',
  '#EXTINF:6.000000,',
  'seg_001.m4s',
  '#EXTINF:6.000000,',
  'seg_002.m4s',
  '#EXTINF:2.500000,',
  'seg_003.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n')

describe('cutting a playlist at the preview', () => {
  it('keeps the segments that start before the limit and ends the list there', () => {
    const cut = cutPlaylistAt(playlist, 10)
    expect([...cut.allowed]).toEqual(['seg_000.m4s', 'seg_001.m4s'])
    expect(cut.text).toContain('#EXT-X-MAP:URI="init.mp4"')
    expect(cut.text).not.toContain('seg_002.m4s')
    expect(cut.text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true)
  })

  it('keeps everything when the video is shorter than the preview', () => {
    const cut = cutPlaylistAt(playlist, 180)
    expect([...cut.allowed]).toEqual(segmentUris(playlist))
    expect(cut.text.match(/#EXT-X-ENDLIST/g)).toHaveLength(1)
  })

  it('cuts on a segment boundary exactly', () => {
    expect([...cutPlaylistAt(playlist, 12).allowed]).toEqual(['seg_000.m4s', 'seg_001.m4s'])
    expect([...cutPlaylistAt(playlist, 12.1).allowed]).toEqual(['seg_000.m4s', 'seg_001.m4s', 'seg_002.m4s'])
  })
})
