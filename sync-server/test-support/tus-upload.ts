/** tus-js-client in Node against the test server, as the PWA uses it (fresh Authorization per request). */
import { Upload } from 'tus-js-client'

export interface TusResult {
  url: string
  /** Bytes the server acknowledged, chunk by chunk. */
  accepted: number[]
}

export function tusUpload(options: {
  endpoint: string
  token: string
  data: Buffer
  submissionId: number | string
  filename?: string
  chunkSize?: number
  uploadUrl?: string
  onChunk?: (accepted: number, upload: Upload) => void
}): { upload: Upload; done: Promise<TusResult>; accepted: number[] } {
  const accepted: number[] = []
  let upload!: Upload
  const done = new Promise<TusResult>((resolve, reject) => {
    upload = new Upload(options.data, {
      endpoint: options.endpoint,
      // Only when given: an explicit `undefined` overrides tus-js-client's defaults and stalls it.
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      retryDelays: null,
      storeFingerprintForResuming: false,
      metadata: {
        submission_id: String(options.submissionId),
        filename: options.filename ?? 'clip.mp4',
        filetype: 'video/mp4',
      },
      onBeforeRequest: (req) => {
        req.setHeader('Authorization', `Bearer ${options.token}`)
      },
      onChunkComplete: (_size, bytesAccepted) => {
        accepted.push(bytesAccepted)
        options.onChunk?.(bytesAccepted, upload)
      },
      onSuccess: () => resolve({ url: upload.url!, accepted }),
      onError: (error) => reject(error),
    })
    upload.start()
  })
  return { upload, done, accepted }
}

/** The status of a failed tus request (tus-js-client's DetailedError), or undefined. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse
  return response ? response.getStatus() : undefined
}
