/**
 * The tus 1.0.0 endpoint at /api/v1/uploads (creation, creation-with-upload, termination, expiration)
 * on @tus/server, with the uploads in DATA_DIR/uploads or in the bucket (storage/upload-store.ts). It is mounted on the app ahead of the API router,
 * whose JSON-only body rule would refuse tus's `application/offset+octet-stream` PATCH bodies.
 *
 * Before tus sees a request, this handler authenticates the bearer token (401) and checks ownership
 * (403) on every method but OPTIONS (CORS preflight carries no token): at creation through the
 * `submission_id` in Upload-Metadata, afterwards through the upload id bound to the submission.
 * tus then enforces MAX_UPLOAD_BYTES (413). Upload ids are server-made hex; metadata such as
 * `filename` is never used as a path.
 */
import crypto from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import { Server, type Locker } from '@tus/server'
import { ERROR_CODES, UPLOAD_SILENCE_EXPIRY_HOURS, UPLOADS_PATH, type ApiErrorBody } from '../../../contract/index.ts'
import { ApiError, notFound } from '../errors.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { isUploadId } from '../storage/media-paths.ts'
import type { UploadsService } from '../services/uploads.service.ts'
import type { UploadStore } from '../storage/upload-store.ts'
import type { DiskReserve } from './disk-reserve.ts'
import { holdRequestBody, readBodiesDirectly } from './tus-request-body.ts'

/** Upload-Length at creation: a whole number of bytes, or null when deferred (or unreadable: tus answers that). */
function declaredLength(req: Request): number | null {
  const header = req.get('upload-length')
  return header !== undefined && /^\d{1,16}$/.test(header) ? Number(header) : null
}

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0.0). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {}
  if (!header || header.length > 8192) return metadata
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ')
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : ''
  }
  return metadata
}

/** The contract's code for each status tus answers with. */
const TUS_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'bad_request',
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  410: ERROR_CODES.notFound,
  412: 'tus_version_unsupported',
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  460: 'checksum_mismatch',
}

/** A tus error as the contract's `{error, message}`: tus's own text (a phrase) as the message, 5xx without detail. */
function tusErrorBody(status: number, text: string): ApiErrorBody {
  if (status >= 500) return { error: ERROR_CODES.internal, message: 'Something went wrong on our side.' }
  const phrase = text.trim().split('\n')[0]!.replace(/\.$/, '') || 'The upload request was refused'
  return { error: TUS_ERROR_CODES[status] ?? 'bad_request', message: `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.` }
}

/**
 * tus writes every error answer through `write` (its handlers' refusals, a missing Tus-Resumable, bad
 * headers, an unknown method): here they take the contract's JSON shape, with the status tus chose
 * (clients such as tus-js-client act on the status). An answer already JSON (ours) passes as it is.
 */
class JsonErrorsServer extends Server {
  override write(...[context, headers, status, body = '']: Parameters<Server['write']>): ReturnType<Server['write']> {
    if (status < 400) return super.write(context, headers, status, body)
    headers.set('Content-Type', 'application/json; charset=utf-8')
    headers.set('Cache-Control', 'no-store')
    return super.write(context, headers, status, body.startsWith('{') ? body : JSON.stringify(tusErrorBody(status, body)))
  }
}

export function createTusUploads(deps: {
  /** Checked at creation and before each PATCH: no bytes are taken onto a disk under its reserve. */
  diskReserve: DiskReserve
  /** DATA_DIR/uploads through @tus/file-store, or the bucket through @tus/s3-store (storage/upload-store.ts). */
  store: UploadStore
  maxUploadBytes: number
  uploads: UploadsService
  logger: Logger
  requireUser: RequestHandler
  /** Who may write an upload now: shared by every API process on PostgreSQL (db/dialect/upload-locker.ts). */
  locker: Locker
  /** PATCHes being received, and the bytes stored (metrics/metrics.ts). */
  metrics?: { inProgress: { inc(): void; dec(): void }; bytes: { inc(value: number): void } }
}) {
  const tus = new JsonErrorsServer({
    locker: deps.locker,
    path: UPLOADS_PATH,
    // The store tells the uploads service about a new upload once it exists and before any
    // creation-with-upload bytes are written, and about a terminated one once its files are gone:
    // hooks on the store are awaited by tus (its POST_CREATE and POST_TERMINATE events are not).
    datastore: deps.store.datastore(deps.uploads),
    maxSize: deps.maxUploadBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    // A PATCH's body goes from Node's request to the store, not through web streams (tus-request-body.ts).
    async onIncomingRequest(req) {
      holdRequestBody(req)
    },
    // Our refusals thrown inside tus (the store's hooks) keep their status and shape; anything else
    // that is not tus's own refusal is a fault: logged here, answered 500 without detail.
    onResponseError(_req, error) {
      if (error instanceof ApiError) {
        const body: ApiErrorBody = { ...error.extra, error: error.code, message: error.message }
        if (error.errors) body.errors = error.errors
        return { status_code: error.status, body: JSON.stringify(body) }
      }
      if (!('status_code' in error)) deps.logger.error({ err: error }, 'upload failed')
      return undefined
    },
    // Keep it quick: the final PATCH waits for this. Processing runs later, as a job.
    async onUploadFinish(_req, upload) {
      await deps.uploads.finished(upload.id, upload.offset)
      return {}
    },
  })
  readBodiesDirectly(tus, tus.datastore)

  const authorize = async (req: Request, res: Response, next: NextFunction) => {
    const user = currentUser(req)
    if (req.method === 'POST' || req.method === 'PATCH') deps.diskReserve.check()
    if (req.method === 'POST') {
      await deps.uploads.authorizeCreate(user, parseUploadMetadata(req.get('upload-metadata')).submission_id, declaredLength(req))
    } else {
      const splat = (req.params as { splat?: string[] }).splat ?? []
      const uploadId = splat.length === 1 ? splat[0] : ''
      if (!isUploadId(uploadId)) throw notFound('No such upload.')
      await deps.uploads.authorizeExisting(user, uploadId)
    }
    // Expiry counts from the last request (this one), not from creation as FileStore would.
    res.setHeader('Upload-Expires', new Date(Date.now() + UPLOAD_SILENCE_EXPIRY_HOURS * 3_600_000).toUTCString())
    next()
  }

  const handle = (req: Request, res: Response, next: NextFunction) => {
    const metrics = deps.metrics
    if (metrics && (req.method === 'PATCH' || req.method === 'POST')) {
      if (req.method === 'PATCH') metrics.inProgress.inc()
      // The bytes stored are what the offset moved by, as tus answers it: a body cut short counts what it stored.
      const from = Number(req.get('upload-offset') ?? 0)
      res.once('close', () => {
        if (req.method === 'PATCH') metrics.inProgress.dec()
        const to = Number(res.getHeader('upload-offset'))
        if (res.statusCode < 300 && Number.isFinite(to) && to > from) metrics.bytes.inc(to - from)
      })
    }
    tus.handle(req, res).catch(next)
  }

  const preflight = (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS') return handle(req, res, next)
    next()
  }

  return {
    server: tus,
    paths: [UPLOADS_PATH, `${UPLOADS_PATH}/*splat`],
    handlers: [preflight, deps.requireUser, authorize, handle] as RequestHandler[],
  }
}
