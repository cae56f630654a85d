/** tus-js-client in Node against the test server, as the PWA uses it (fresh Authorization per request). */
import { Readable } from 'node:stream'
import { DefaultHttpStack, Upload, type HttpRequest } from 'tus-js-client'

/**
 * tus-js-client's Node stack writes a Buffer chunk 16 KB at a time, each write waiting for `drain`; a
 * browser hands the chunk's Blob to its network stack whole. This one gives each chunk to the socket in
 * one write (a one-piece stream, which the stack pipes as it comes).
 */
class WholeChunkHttpStack extends DefaultHttpStack {
  override createRequest(method: string, url: string): HttpRequest {
    const request = super.createRequest(method, url)
    const send = request.send.bind(request)
    request.send = (body) => send(body instanceof Uint8Array ? (Readable.from([body]) as never) : body)
    return request
  }
}

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
  /** Each chunk to the socket in one write, as a browser sends it (WholeChunkHttpStack); tus-js-client's own Node stack otherwise. */
  wholeChunkWrites?: boolean
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
      ...(options.wholeChunkWrites ? { httpStack: new WholeChunkHttpStack({}) } : {}),
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
