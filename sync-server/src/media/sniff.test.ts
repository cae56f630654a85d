/**
 * Sniffing uploads by their first bytes: headers as phones, cameras and encoders write them, crafted
 * here, and files ffmpeg really makes, read only as far as SNIFF_BYTES.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFfmpeg } from './ffmpeg.ts'
import { SNIFF_BYTES, sniffImage, sniffVideo } from './sniff.ts'

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[], minor = 0): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length)
  box.writeUInt32BE(box.length, 0)
  box.write('ftyp', 4, 'latin1')
  box.write(major, 8, 'latin1')
  box.writeUInt32BE(minor, 12)
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'))
  return box
}

/** An EBML element with a one-byte size. */
const element = (id: number[], data: Buffer | number[]) => Buffer.from([...id, 0x80 | data.length, ...data])
const DOCTYPE = [0x42, 0x82]

/** The EBML header the way ffmpeg and mkvmerge write it, with the given DocType (none when null). */
function ebml(docType: string | null, options: { before?: Buffer[] } = {}): Buffer {
  const children = Buffer.concat([
    ...(options.before ?? []),
    element([0x42, 0x86], [1]), // EBMLVersion
    element([0x42, 0xf7], [1]), // EBMLReadVersion
    element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...(docType === null ? [] : [element(DOCTYPE, Buffer.from(docType, 'latin1'))]),
    element([0x42, 0x87], [4]), // DocTypeVersion
    element([0x42, 0x85], [2]), // DocTypeReadVersion
  ])
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]), children])
}

/** What follows the header in a real file (a Segment start, then media), so brands end where the box does. */
const rest = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x0a, 0x40, ...Buffer.alloc(300, 0x5a)])
const file = (head: Buffer) => Buffer.concat([head, Buffer.from([0, 0, 0, 8, ...Buffer.from('free')]), rest])

describe('sniffVideo: ISO-BMFF brands', () => {
  it('takes MP4 and MOV as phones and cameras write them', () => {
    const cases: [string, Buffer, string | undefined][] = [
      ['iPhone MOV', ftyp('qt  ', ['qt  ']), 'mov'],
      ['ffmpeg MOV', ftyp('qt  ', ['qt  '], 0x200), 'mov'],
      ['Android camera', ftyp('isom', ['isom', 'iso2', 'mp41']), 'mp4'],
      ['Samsung camera', ftyp('mp42', ['isom', 'mp42']), 'mp4'],
      ['ffmpeg MP4', ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41'], 0x200), 'mp4'],
      ['iTunes video', ftyp('M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']), 'mp4'],
      ['DASH / CMAF', ftyp('dash', ['iso6', 'avc1', 'mp41']), 'mp4'],
      ['Android MediaRecorder 3GP with isom', ftyp('3gp4', ['isom', '3gp4']), 'mp4'],
      ['ffmpeg 3GP', ftyp('3gp6', ['3gp6', 'isom', 'iso2', 'avc1']), 'mp4'],
      ['Sony XAVC (a maker brand over mp42)', ftyp('XAVC', ['XAVC', 'mp42', 'iso2']), 'mp4'],
      ['a maker brand over qt', ftyp('CAEP', ['qt  ']), 'mov'],
    ]
    for (const [label, head, ext] of cases) expect(sniffVideo(file(head))?.ext, label).toBe(ext)
    expect(sniffVideo(file(ftyp('qt  ', ['qt  '])))).toEqual({ type: 'video/quicktime', ext: 'mov' })
    expect(sniffVideo(file(ftyp('isom', ['isom'])))).toEqual({ type: 'video/mp4', ext: 'mp4' })
  })

  it('refuses stills, image sequences and audio, though they list isom or mp42 too', () => {
    const cases: [string, Buffer][] = [
      ['iPhone HEIC', ftyp('heic', ['mif1', 'heic'])],
      ['HEIF by mif1', ftyp('mif1', ['mif1', 'heic', 'miaf'])],
      ['HEIC burst', ftyp('hevc', ['msf1', 'hevc', 'iso8'])],
      ['AVIF (ffmpeg)', ftyp('avif', ['avif', 'mif1', 'miaf', 'MA1B'])],
      ['animated AVIF', ftyp('avis', ['avis', 'msf1', 'iso8', 'mif1', 'miaf', 'MA1A'])],
      ['M4A (iTunes)', ftyp('M4A ', ['M4A ', 'mp42', 'isom'], 0x200)],
      ['M4A (ffmpeg)', ftyp('M4A ', ['M4A ', 'isom', 'iso2'], 0x200)],
      ['audiobook', ftyp('M4B ', ['M4B ', 'mp42', 'isom'])],
      ['protected audio', ftyp('M4P ', ['M4P ', 'mp42', 'isom'])],
      ['Flash audio', ftyp('F4A ', ['isom', 'mp42'])],
      ['Canon CR3 raw photo', ftyp('crx ', ['crx ', 'isom'])],
      ['a maker brand over an image brand', ftyp('abcd', ['mif1', 'iso8'])],
      ['3GP alone', ftyp('3gp4', ['3gp4', '3gp5'])],
      ['3G2 alone', ftyp('3g2a', ['3g2a'])],
      ['Motion JPEG 2000', ftyp('mjp2', ['mjp2'])],
      ['no brand at all', ftyp('abcd', [])],
    ]
    for (const [label, head] of cases) expect(sniffVideo(file(head)), label).toBeUndefined()
  })

  it('reads brands only inside the box, and refuses a box too short to be one', () => {
    // A compatible brand past the box's size belongs to the next box.
    const short = ftyp('abcd', ['mp42'])
    short.writeUInt32BE(16, 0)
    expect(sniffVideo(file(short))).toBeUndefined()
    for (const size of [0, 1, 8, 15]) {
      const head = ftyp('isom', ['isom'])
      head.writeUInt32BE(size, 0)
      expect(sniffVideo(file(head)), String(size)).toBeUndefined()
    }
    expect(sniffVideo(Buffer.from('ftyp'))).toBeUndefined()
    expect(sniffVideo(Buffer.from([0, 0, 0, 0x14, ...Buffer.from('ftypqt  ')]))).toBeUndefined()
  })

  it('still takes old QuickTime files that open with another atom', () => {
    for (const atom of ['moov', 'mdat', 'wide', 'free', 'skip']) {
      expect(sniffVideo(Buffer.from([0, 0, 0, 8, ...Buffer.from(atom), 0, 0, 0, 0])), atom).toEqual({ type: 'video/quicktime', ext: 'mov' })
    }
  })
})

describe('sniffVideo: EBML DocType', () => {
  it('takes WebM and refuses other Matroska', () => {
    expect(sniffVideo(Buffer.concat([ebml('webm'), rest]))).toEqual({ type: 'video/webm', ext: 'webm' })
    expect(sniffVideo(Buffer.concat([ebml('webm\0\0'), rest])), 'NUL padding').toEqual({ type: 'video/webm', ext: 'webm' })
    expect(sniffVideo(Buffer.concat([ebml('matroska'), rest])), '.mkv').toBeUndefined()
    expect(sniffVideo(Buffer.concat([ebml(null), rest])), 'no DocType means matroska').toBeUndefined()
    expect(sniffVideo(Buffer.concat([ebml('WEBM'), rest]))).toBeUndefined()
    expect(sniffVideo(Buffer.concat([ebml('webmx'), rest]))).toBeUndefined()
  })

  it('finds the DocType after elements it does not know, with sizes of any length', () => {
    const voidElement = element([0xec], Buffer.alloc(10))
    const crc = element([0xbf], [1, 2, 3, 4])
    expect(sniffVideo(Buffer.concat([ebml('webm', { before: [voidElement, crc] }), rest]))?.ext).toBe('webm')
    // The header's size on 8 bytes, and the DocType's on 2.
    const children = Buffer.concat([element([0x42, 0x86], [1]), Buffer.from([0x42, 0x82, 0x40, 0x04]), Buffer.from('webm')])
    const long = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0, 0, 0, 0, 0, 0, children.length]), children, rest])
    expect(sniffVideo(long)?.ext).toBe('webm')
    // A header of unknown size (all ones) is searched as far as the bytes go.
    const unknown = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff]), element(DOCTYPE, Buffer.from('webm')), rest])
    expect(sniffVideo(unknown)?.ext).toBe('webm')
  })

  it('refuses a header that stops or ends before its DocType', () => {
    expect(sniffVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBeUndefined()
    const whole = ebml('webm')
    const docTypeEnd = whole.indexOf('webm') + 4
    for (let cut = 4; cut < docTypeEnd; cut++) expect(sniffVideo(whole.subarray(0, cut)), String(cut)).toBeUndefined()
    expect(sniffVideo(whole.subarray(0, docTypeEnd))?.ext).toBe('webm')
    // The DocType sits after the end the header's size gives: it is not the header's.
    const header = ebml(null)
    header[4] = 0x80 | (header.length - 5)
    expect(sniffVideo(Buffer.concat([header, element(DOCTYPE, Buffer.from('webm')), rest]))).toBeUndefined()
    // The magic followed by zeros (no valid size), and by an ID longer than 4 bytes.
    expect(sniffVideo(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(40)]))).toBeUndefined()
    expect(sniffVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x90, 0x08, 1, 2, 3, 4, 5, 6, 7, 0x84, ...Buffer.from('webm')]))).toBeUndefined()
  })
})

describe('sniffVideo and sniffImage on other bytes', () => {
  it('refuses text, images and short heads as video, and still tells images apart', () => {
    for (const bytes of [Buffer.from('just some text, named like a video'), Buffer.alloc(0), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])]) {
      expect(sniffVideo(bytes)).toBeUndefined()
    }
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg')
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.ext).toBe('png')
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp')
    expect(sniffImage(file(ftyp('heic', ['mif1', 'heic'])))).toBeUndefined()
  })
})

describe('files ffmpeg makes, read as far as SNIFF_BYTES', () => {
  let dir: string
  const heads: Record<string, Buffer> = {}
  const outputs: Record<string, string[]> = {
    'clip.mp4': ['-c:v', 'libx264'],
    'clip.mov': ['-c:v', 'libx264'],
    'clip.webm': ['-c:v', 'libvpx', '-b:v', '100k'],
    'clip.mkv': ['-c:v', 'libx264'],
    'sound.m4a': ['-vn', '-c:a', 'aac'],
    'still.avif': ['-frames:v', '1', '-c:v', 'libaom-av1', '-cpu-used', '8', '-still-picture', '1'],
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sniff-'))
    await Promise.all(
      Object.entries(outputs).map(async ([name, codec]) => {
        await runFfmpeg(
          ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10:duration=0.3',
            '-f', 'lavfi', '-i', 'sine=duration=0.3', ...codec, path.join(dir, name)],
          { timeoutMs: 60_000 },
        )
        heads[name] = fs.readFileSync(path.join(dir, name)).subarray(0, SNIFF_BYTES)
      }),
    )
  })

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('takes MP4, MOV and WebM; refuses Matroska, M4A audio and an AVIF still', () => {
    expect(sniffVideo(heads['clip.mp4'])).toEqual({ type: 'video/mp4', ext: 'mp4' })
    expect(sniffVideo(heads['clip.mov'])).toEqual({ type: 'video/quicktime', ext: 'mov' })
    expect(sniffVideo(heads['clip.webm'])).toEqual({ type: 'video/webm', ext: 'webm' })
    expect(sniffVideo(heads['clip.mkv'])).toBeUndefined()
    expect(sniffVideo(heads['sound.m4a'])).toBeUndefined()
    expect(sniffVideo(heads['still.avif'])).toBeUndefined()
  })
})
