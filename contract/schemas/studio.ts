/**
 * The captioning studio (issue 44, api-contract "The captioning studio"): the waveform of a
 * submission's audio, its stored tracks read back with their ETags, and the conditional saves.
 */
import { z } from 'zod'
import { countSchema, dataOf } from './common.ts'

/** Peaks a second of audio in a waveform: one every 20 ms. */
export const WAVEFORM_PEAKS_PER_SECOND = 50
/** The seconds a client waits before asking again for a waveform still being made (the 202's `Retry-After`). */
export const WAVEFORM_RETRY_AFTER_SECONDS = 3

export const STUDIO_ERROR_CODES = {
  /** 412: the track changed since the `If-Match` ETag was read (another tab, another device). */
  changedElsewhere: 'changed_elsewhere',
  /** 412: `If-None-Match: *` and the submission has a track in that language already. */
  trackExists: 'track_exists',
  /** 404: no waveform can be made (the video is not uploaded yet, or its audio could not be read). */
  noWaveform: 'no_waveform',
} as const

/**
 * GET /submissions/ID/waveform. 200 `ready`: `peaks[k]` (0..255) is the loudest sample of the
 * k-th 1/`peaks_per_second` of a second of the source's audio (mono). 202 `pending` (with
 * `Retry-After`): a job is making it; ask again.
 */
export const waveformSchema = dataOf(
  z.discriminatedUnion('status', [
    z.strictObject({
      status: z.literal('ready'),
      duration_seconds: z.number().min(0),
      peaks_per_second: z.number().int().positive(),
      peaks: z.array(z.number().int().min(0).max(255)),
    }),
    z.strictObject({ status: z.literal('pending'), retry_after_seconds: countSchema }),
  ]),
)
export type Waveform = z.infer<typeof waveformSchema>['data']
