/**
 * The waveform of a submission's audio (GET /submissions/ID/waveform, api-contract "The captioning
 * studio"): ready with its peaks, still being made by a job (202, ask again after `Retry-After`), or
 * none to be had (404 `no_waveform`: the studio shows the timeline over an empty track).
 */
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'

/** When a 202 names no wait: the contract's WAVEFORM_RETRY_AFTER_SECONDS (its module loads zod, which the PWA does not). */
const DEFAULT_RETRY_SECONDS = 3

export type WaveformState =
  | { state: 'ready'; peaks: number[]; peaksPerSecond: number; durationSeconds: number }
  | { state: 'pending'; retryAfterSeconds: number }
  | { state: 'none' }

/** One ask. A network failure or a 5xx is thrown (the caller asks again later); a 404 is `none`. */
export async function fetchWaveform(submissionId: number, signal?: AbortSignal): Promise<WaveformState> {
  let retryAfter: string | null = null
  try {
    const { data } = await call('submissions.waveform', undefined, {
      params: { id: submissionId },
      signal,
      onAnswer: (response) => {
        retryAfter = response.headers.get('Retry-After')
      },
    })
    if (data.status === 'ready') return { state: 'ready', peaks: data.peaks, peaksPerSecond: data.peaks_per_second, durationSeconds: data.duration_seconds }
    const header = Number(retryAfter)
    const seconds = Number.isFinite(header) && header > 0 ? header : data.retry_after_seconds > 0 ? data.retry_after_seconds : DEFAULT_RETRY_SECONDS
    return { state: 'pending', retryAfterSeconds: seconds }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return { state: 'none' }
    throw error
  }
}
