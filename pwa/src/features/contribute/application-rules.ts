/**
 * The contributor application's rules on this side: the quick checks of the video before sending
 * (the server sniffs the bytes and answers with the same codes), and which message each answer gets.
 * Imported by the public /apply page, so it stays free of Dexie, zod and the rest.
 */
import { APPLICATION_VIDEO_MAX_BYTES } from '../../../../contract/limits.ts'
import type { ContributorApplication } from '../../../../contract/schemas/contributors.ts'
import { ApiError, NetworkError } from '../../data/api.ts'

export const ENGLISH_ABILITY_OPTIONS = ['none', 'a_little', 'well'] as const satisfies readonly ContributorApplication['english_ability'][]

/** What the file picker offers; the check below also accepts these by extension (types vary by OS). */
export const APPLICATION_VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.m4v,.mov,.webm'
const TYPES = new Set(['video/mp4', 'video/webm', 'video/quicktime'])
const EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i

/** The keys of spec section 8's messages (under `apply.errors`), plus a few of our own. */
export type ApplicationMessage =
  | 'no_video_file'
  | 'file_too_large'
  | 'invalid_file_type'
  | 'generic'
  | 'rate_limited'
  | 'validation'

export function checkApplicationVideo(file: File | null): ApplicationMessage | null {
  if (!file || file.size === 0) return 'no_video_file'
  if (!TYPES.has(file.type) && !EXTENSIONS.test(file.name)) return 'invalid_file_type'
  // The server refuses 50 MB "or more" ("under 50MB").
  if (file.size >= APPLICATION_VIDEO_MAX_BYTES) return 'file_too_large'
  return null
}

export function applicationMessageFor(error: unknown): ApplicationMessage {
  if (error instanceof NetworkError) return 'generic'
  if (!(error instanceof ApiError)) return 'generic'
  switch (error.code) {
    case 'no_video_file':
    case 'file_too_large':
    case 'invalid_file_type':
      return error.code
    case 'rate_limited':
      return 'rate_limited'
    case 'validation_failed':
      return 'validation'
    default:
      return error.status === 413 ? 'file_too_large' : 'generic'
  }
}
