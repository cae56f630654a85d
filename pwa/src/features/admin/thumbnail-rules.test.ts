import { describe, expect, it } from 'vitest'
import { THUMBNAIL_MAX_BYTES } from '../../../../contract/schemas/contributors.ts'
import { checkThumbnail, sniffImageType } from './thumbnail-rules.ts'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]
const bytes = (...values: number[]) => new Uint8Array(values)

describe('thumbnail rules', () => {
  it('tells JPEG, PNG and WebP by their bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(sniffImageType(bytes(...PNG))).toBe('image/png')
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull()
    expect(sniffImageType(bytes(0xff))).toBeNull()
  })

  it('refuses a renamed non-image and anything over 5 MB', async () => {
    expect(await checkThumbnail(new Blob([bytes(...PNG)]))).toBeNull()
    expect(await checkThumbnail(new File(['not an image'], 'fake.png', { type: 'image/png' }))).toBe('type')
    expect(await checkThumbnail(new Blob([bytes(...PNG), new Uint8Array(THUMBNAIL_MAX_BYTES)]))).toBe('size')
    expect(await checkThumbnail(new Blob([bytes(...PNG), new Uint8Array(THUMBNAIL_MAX_BYTES - PNG.length)]))).toBeNull()
  })
})
