import { describe, expect, it } from 'vitest'
import { sameMediaUrl, underGrantOf, withoutGrant } from './grant-urls.ts'

const key = 'a'.repeat(32)
const grant = `7.0123456789abcdef.${key}.1900000000.0.ABCDEFGHIJKLMNOPQRSTUVWX`

describe('media URLs with the grant in the query', () => {
  it('gives a relative URL the grant of the URL it is relative to', () => {
    const master = `https://app.example/media/v/${key}/master.m3u8?grant=${grant}`
    const variant = underGrantOf('v360p/index.m3u8', master)
    expect(variant).toBe(`https://app.example/media/v/${key}/v360p/index.m3u8?grant=${grant}`)
    expect(underGrantOf('part?from=0&count=7', variant)).toBe(`https://app.example/media/v/${key}/v360p/part?from=0&count=7&grant=${grant}`)
    // A URL that has its own grant keeps it; the earlier shape (the grant in the path) gets nothing added.
    expect(underGrantOf(`v360p/index.m3u8?grant=${grant}`, master)).toBe(variant)
    expect(underGrantOf('part?from=0&count=7', 'https://app.example/media/g/x.y/v360p/index.m3u8')).toBe('https://app.example/media/g/x.y/v360p/part?from=0&count=7')
  })

  it('knows a part under an older grant for the same part, and another part for another one', () => {
    const part = (from: number, signed: string) => `https://app.example/media/v/${key}/v360p/part?from=${from}&count=3&grant=${signed}`
    expect(sameMediaUrl(part(4, grant), part(4, grant.replace('1900000000', '1900000001')))).toBe(true)
    expect(sameMediaUrl(part(4, grant), part(7, grant))).toBe(false)
  })

  it('reads playlists with the names of the files alone, as the parts and the stored playlists know them', () => {
    const sent = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-MAP:URI="init.mp4?grant=${grant}"`,
      '#EXTINF:2.000,',
      `seg_000.m4s?grant=${grant}`,
      '#EXTINF:2.000,',
      `seg_001.m4s?x=1&grant=${grant}`,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n')
    expect(withoutGrant(sent)).toBe(['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-MAP:URI="init.mp4"', '#EXTINF:2.000,', 'seg_000.m4s', '#EXTINF:2.000,', 'seg_001.m4s?x=1', '#EXT-X-ENDLIST', ''].join('\n'))
    const stored = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nv360p/index.m3u8\n'
    expect(withoutGrant(stored)).toBe(stored)
  })
})
