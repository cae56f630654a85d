import { describe, expect, it } from 'vitest'
import { APPLICATION_VIDEO_MAX_BYTES } from '../../../../contract/limits.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import { applicationMessageFor, checkApplicationVideo } from './application-rules.ts'

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('application video checks', () => {
  it('needs a file', () => {
    expect(checkApplicationVideo(null)).toBe('no_video_file')
    expect(checkApplicationVideo(sized('a.mp4', 'video/mp4', 0))).toBe('no_video_file')
  })

  it('takes MP4, WebM and MOV by type or by extension', () => {
    expect(checkApplicationVideo(sized('a.mp4', 'video/mp4', 10))).toBeNull()
    expect(checkApplicationVideo(sized('a.webm', '', 10))).toBeNull()
    expect(checkApplicationVideo(sized('a.MOV', 'video/quicktime', 10))).toBeNull()
    expect(checkApplicationVideo(sized('a.avi', 'video/x-msvideo', 10))).toBe('invalid_file_type')
    expect(checkApplicationVideo(sized('notes.txt', 'text/plain', 10))).toBe('invalid_file_type')
  })

  it('refuses 50 MB or more', () => {
    expect(checkApplicationVideo(sized('a.mp4', 'video/mp4', APPLICATION_VIDEO_MAX_BYTES - 1))).toBeNull()
    expect(checkApplicationVideo(sized('a.mp4', 'video/mp4', APPLICATION_VIDEO_MAX_BYTES))).toBe('file_too_large')
  })
})

describe('application answers', () => {
  const answer = (status: number, error: string) => new ApiError(status, { error, message: '' })

  it('gives each coded answer its own message and anything else the generic one', () => {
    expect(applicationMessageFor(answer(422, 'no_video_file'))).toBe('no_video_file')
    expect(applicationMessageFor(answer(413, 'file_too_large'))).toBe('file_too_large')
    expect(applicationMessageFor(answer(413, 'payload_too_large'))).toBe('file_too_large')
    expect(applicationMessageFor(answer(415, 'invalid_file_type'))).toBe('invalid_file_type')
    expect(applicationMessageFor(answer(429, 'rate_limited'))).toBe('rate_limited')
    expect(applicationMessageFor(answer(422, 'validation_failed'))).toBe('validation')
    expect(applicationMessageFor(answer(500, 'internal_error'))).toBe('generic')
    expect(applicationMessageFor(new NetworkError(new Error('offline')))).toBe('generic')
  })
})
