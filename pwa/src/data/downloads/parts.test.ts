import { describe, expect, it } from 'vitest'
import { parseMediaPlaylist } from './hls-manifest.ts'
import { byteRangePlaylist, filesToDownload, groupIntoParts, holdsPlannedFiles, partName, partRequest, partTargetBytes, parsePartFiles } from './parts.ts'

const MB = 1024 * 1024

const variant = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:6.000000,',
  'seg_000.m4s',
  '#EXTINF:6.000000,',
  'seg_001.m4s',
  '#EXTINF:2.500000,',
  'seg_002.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n')

const files = (sizes: number[]) => sizes.map((bytes, index) => ({ uri: `f${index}`, bytes }))
const shape = (parts: ReturnType<typeof groupIntoParts>) => parts.map((part) => [part.from, part.count])

describe('grouping a rendition into parts', () => {
  it('estimates each file from the bandwidth, the init file riding along at no cost', () => {
    expect(filesToDownload(parseMediaPlaylist(variant), 800_000)).toEqual([
      { uri: 'init.mp4', bytes: 0 },
      { uri: 'seg_000.m4s', bytes: 600_000 },
      { uri: 'seg_001.m4s', bytes: 600_000 },
      { uri: 'seg_002.m4s', bytes: 250_000 },
    ])
    // No bandwidth declared: a guess, never zero-sized segments.
    expect(filesToDownload(parseMediaPlaylist(variant), 0)[1].bytes).toBeGreaterThan(0)
  })

  it('cuts consecutive files into even parts of about the target, every file in exactly one part', () => {
    // 51 files like the bench's five minutes: init + 50 segments of ~575 KB = ~28.7 MB.
    const rendition = [{ uri: 'init.mp4', bytes: 0 }, ...files(Array(50).fill(575_000))]
    const parts = groupIntoParts(rendition, 4 * MB)
    expect(parts).toHaveLength(7)
    expect(parts.flatMap((part) => part.files)).toEqual(rendition.map((file) => file.uri))
    parts.forEach((part, index) => {
      expect(part.files).toHaveLength(part.count)
      if (index > 0) expect(part.from).toBe(parts[index - 1].from + parts[index - 1].count)
      const bytes = rendition.slice(part.from, part.from + part.count).reduce((sum, file) => sum + file.bytes, 0)
      expect(bytes).toBeGreaterThan(3 * MB)
      expect(bytes).toBeLessThanOrEqual(4.6 * MB)
    })
  })

  it('keeps at least one file a part, at most the cap, and one part for a small rendition', () => {
    expect(shape(groupIntoParts(files([10 * MB, 1, 10 * MB]), 4 * MB))).toEqual([[0, 1], [1, 1], [2, 1]])
    expect(shape(groupIntoParts(files([100, 100, 100]), 4 * MB))).toEqual([[0, 3]])
    expect(shape(groupIntoParts(files(Array(130).fill(10)), 4 * MB))).toEqual([[0, 64], [64, 64], [128, 2]])
    expect(groupIntoParts([], 4 * MB)).toEqual([])
  })

  it('splits a download into about two parts of 4 to 24 MB', () => {
    // A 5-minute 360p video (about 29 MB): two parts of about 15 MB.
    const fiveMinutes = Array(50).fill(0.58 * MB)
    const parts = groupIntoParts(files(fiveMinutes), partTargetBytes(50 * 0.58 * MB))
    expect(parts).toHaveLength(2)
    // A short clip stays in 4 MB parts (one here); an hour-long video is not fetched in two parts of 800 MB.
    expect(partTargetBytes(3 * MB)).toBe(4 * MB)
    expect(groupIntoParts(files(Array(5).fill(0.6 * MB)), partTargetBytes(3 * MB))).toHaveLength(1)
    expect(partTargetBytes(1600 * MB)).toBe(24 * MB)
  })

  it('names parts by their first file and asks for them relative to the variant playlist', () => {
    const [part] = groupIntoParts(files([1, 2]), 4 * MB)
    expect(partName(part.from)).toBe('part_000.bin')
    expect(partName(51)).toBe('part_051.bin')
    expect(partRequest({ from: 12, count: 7, files: [] })).toBe('part?from=12&count=7')
  })
})

describe('the X-Part-Files header', () => {
  it('reads names and sizes in order, and refuses anything else', () => {
    expect(parsePartFiles('init.mp4=812,seg_000.m4s=40211')).toEqual([
      { name: 'init.mp4', size: 812 },
      { name: 'seg_000.m4s', size: 40211 },
    ])
    for (const bad of [null, '', 'init.mp4', 'a=1,,b=2', 'a=-1', 'a=1.5']) expect(parsePartFiles(bad), String(bad)).toBeUndefined()
  })

  it('matches a part only when it lists exactly the planned files', () => {
    const part = { from: 0, count: 2, files: ['init.mp4', 'seg_000.m4s'] }
    expect(holdsPlannedFiles(part, parsePartFiles('init.mp4=1,seg_000.m4s=2'))).toBe(true)
    expect(holdsPlannedFiles(part, parsePartFiles('init.mp4=1'))).toBe(false)
    expect(holdsPlannedFiles(part, parsePartFiles('seg_000.m4s=2,init.mp4=1'))).toBe(false)
    expect(holdsPlannedFiles(part, undefined)).toBe(false)
  })
})

describe('the byte-range playlist of a download', () => {
  const stored = [
    { name: 'part_000.bin', files: [{ name: 'init.mp4', size: 800 }, { name: 'seg_000.m4s', size: 5000 }] },
    { name: 'part_002.bin', files: [{ name: 'seg_001.m4s', size: 4000 }, { name: 'seg_002.m4s', size: 1500 }] },
  ]

  it('points the init file and every segment into the parts, keeping every other line', () => {
    expect(byteRangePlaylist(variant, stored)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:6',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="part_000.bin",BYTERANGE="800@0"',
        '#EXTINF:6.000000,',
        '#EXT-X-BYTERANGE:5000@800',
        'part_000.bin',
        '#EXTINF:6.000000,',
        '#EXT-X-BYTERANGE:4000@0',
        'part_002.bin',
        '#EXTINF:2.500000,',
        '#EXT-X-BYTERANGE:1500@4000',
        'part_002.bin',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    )
  })

  it('reads back as the same segments and durations, and raises an old version to 4', () => {
    const text = byteRangePlaylist(variant.replace('VERSION:7', 'VERSION:3'), [...stored].reverse())
    expect(text).toContain('#EXT-X-VERSION:4')
    const parsed = parseMediaPlaylist(text)
    expect(parsed.initUri).toBe('part_000.bin')
    expect(parsed.segments.map((segment) => segment.duration)).toEqual([6, 6, 2.5])
  })

  it('refuses to write a playlist for a file no stored part holds', () => {
    expect(() => byteRangePlaylist(variant, stored.slice(0, 1))).toThrow(/seg_001\.m4s/)
  })
})
