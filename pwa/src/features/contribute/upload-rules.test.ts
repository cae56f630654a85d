import { describe, expect, it } from 'vitest'
import { checkUpload, parseCreatorEmails, type UploadFormValues } from './upload-rules.ts'

const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' })
const valid: UploadFormValues = {
  title: 'Ở chợ',
  description: '',
  level: 'beginner',
  creators: '',
  seriesName: '',
  episode: '',
  file,
  releaseConfirmed: true,
}

describe('upload form rules', () => {
  it('accepts a complete form', () => {
    expect(checkUpload(valid)).toEqual({})
  })

  it('asks for the file, the title, the level and the release confirmation', () => {
    expect(checkUpload({ ...valid, title: '  ', level: '', file: null, releaseConfirmed: false })).toEqual({
      title: 'titleRequired',
      level: 'levelRequired',
      file: 'fileRequired',
      release: 'releaseRequired',
    })
  })

  it('reads creators separated by commas, spaces or lines, lower-cased and without repeats', () => {
    expect(parseCreatorEmails('An@Example.com, binh@example.vn\nan@example.com;  ')).toEqual({
      emails: ['an@example.com', 'binh@example.vn'],
      invalid: [],
    })
    expect(checkUpload({ ...valid, creators: 'an@example.com, not-an-address' }).creators).toBe('creatorsInvalid')
    const many = Array.from({ length: 21 }, (_, index) => `p${index}@example.com`).join(',')
    expect(checkUpload({ ...valid, creators: many }).creators).toBe('creatorsTooMany')
  })

  it('takes an optional episode number of 1 or more', () => {
    expect(checkUpload({ ...valid, episode: '3' })).toEqual({})
    expect(checkUpload({ ...valid, episode: '0' }).episode).toBe('episodeInvalid')
    expect(checkUpload({ ...valid, episode: '1.5' }).episode).toBe('episodeInvalid')
  })
})
