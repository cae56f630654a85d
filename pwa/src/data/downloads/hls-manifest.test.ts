import { describe, expect, it } from 'vitest'
import { AUDIO_ONLY, chooseVariant, estimateBytes, offlineMaster, parseMaster, parseMediaPlaylist } from './hls-manifest.ts'

const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=3300000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
v720p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"
v360p/index.m3u8
`

const media = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.000000,
seg_000.m4s
#EXTINF:6.000000,
seg_001.m4s
#EXTINF:2.500000,
seg_002.m4s
#EXT-X-ENDLIST
`

// The ladder since issue 31: the audio-only rendition listed last, audio codecs alone, no RESOLUTION.
const withAudio = `${master}
#EXT-X-STREAM-INF:BANDWIDTH=52800,CODECS="mp4a.40.2",AVERAGE-BANDWIDTH=50000
a48k/index.m3u8
`

describe('HLS playlists for downloads', () => {
  it('reads the audio-only rendition, which only an audio-only download chooses', () => {
    const variants = parseMaster(withAudio)
    expect(variants.map((v) => [v.uri, v.quality, v.audioOnly])).toEqual([
      ['v720p/index.m3u8', 720, false],
      ['v360p/index.m3u8', 360, false],
      ['a48k/index.m3u8', AUDIO_ONLY, true],
    ])
    expect(chooseVariant(variants, AUDIO_ONLY)?.uri).toBe('a48k/index.m3u8')
    // Video downloads never fall to it, even below the lowest picture.
    expect(chooseVariant(variants)?.uri).toBe('v360p/index.m3u8')
    expect(chooseVariant(variants, 240)?.uri).toBe('v360p/index.m3u8')
    expect(chooseVariant(variants, 720)?.uri).toBe('v720p/index.m3u8')
    // A ladder made before it: no audio-only rendition to give.
    expect(chooseVariant(parseMaster(master), AUDIO_ONLY)).toBeUndefined()
    // A minute of it weighs what the server measured: 50,000 b/s is 375,000 bytes.
    expect(estimateBytes(variants[2], 60)).toBe(375_000)
    expect(offlineMaster(variants[2])).toContain('CODECS="mp4a.40.2",AVERAGE-BANDWIDTH=50000\na48k/index.m3u8')
  })

  it('reads the renditions of a master playlist, codecs included', () => {
    const variants = parseMaster(master)
    expect(variants.map((v) => [v.uri, v.height, v.bandwidth])).toEqual([
      ['v720p/index.m3u8', 720, 3300000],
      ['v360p/index.m3u8', 360, 900000],
    ])
    expect(variants[1].streamInf).toContain('CODECS="avc1.64001e,mp4a.40.2"')
  })

  it('chooses the lowest rendition at or above 360p unless a height is asked for', () => {
    const variants = parseMaster(master)
    expect(chooseVariant(variants)?.height).toBe(360)
    expect(chooseVariant(variants, 720)?.height).toBe(720)
    // Asked for more than there is: the best there is.
    expect(chooseVariant(variants, 1080)?.height).toBe(720)
    const small = parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=320x180\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2,RESOLUTION=426x240\nmid.m3u8\n')
    expect(chooseVariant(small)?.uri).toBe('mid.m3u8')
    expect(chooseVariant([])).toBeUndefined()
  })

  it('asked for 720p of a video made in 480p and 360p, chooses 480p; asked for less than there is, the lowest', () => {
    const variants = parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=854x480\nv480p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\nv360p/index.m3u8\n')
    expect(chooseVariant(variants, 720)?.uri).toBe('v480p/index.m3u8')
    expect(chooseVariant(variants, 360)?.uri).toBe('v360p/index.m3u8')
    expect(chooseVariant(variants, 240)?.uri).toBe('v360p/index.m3u8')
  })

  it('names a portrait rendition by its short side, so 720x1280 is 720p and the default stays 360p', () => {
    const portrait = parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=3300000,RESOLUTION=720x1280\nv720p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=360x640\nv360p/index.m3u8\n')
    expect(portrait.map((variant) => variant.quality)).toEqual([720, 360])
    expect(chooseVariant(portrait)?.uri).toBe('v360p/index.m3u8')
    expect(chooseVariant(portrait, 720)?.uri).toBe('v720p/index.m3u8')
  })

  it('lists the init segment and every media segment with the total duration', () => {
    expect(parseMediaPlaylist(media)).toEqual({
      initUri: 'init.mp4',
      segments: [
        { uri: 'seg_000.m4s', duration: 6 },
        { uri: 'seg_001.m4s', duration: 6 },
        { uri: 'seg_002.m4s', duration: 2.5 },
      ],
      durationSeconds: 14.5,
    })
  })

  it('writes a master with the stored rendition alone', () => {
    const text = offlineMaster(parseMaster(master)[1])
    expect(parseMaster(text).map((v) => v.uri)).toEqual(['v360p/index.m3u8'])
    expect(text).not.toContain('v720p')
  })

  it('estimates the size from the bandwidth', () => {
    expect(estimateBytes(parseMaster(master)[1], 60)).toBe(6_750_000)
  })

  it('estimates from the measured AVERAGE-BANDWIDTH when the master has it', () => {
    const measured = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=80000,RESOLUTION=640x360\nv360p/index.m3u8\n'
    const [variant] = parseMaster(measured)
    expect(variant).toMatchObject({ bandwidth: 900_000, averageBandwidth: 80_000, quality: 360 })
    expect(estimateBytes(variant!, 60)).toBe(600_000)
  })
})
