/**
 * The tus 1.0.0 endpoint at /api/v1/uploads (creation, creation-with-upload, termination, expiration)
 * on @tus/server + FileStore in DATA_DIR/uploads. It is mounted on the app ahead of the API router,
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
import { FileStore } from '@tus/file-store'
import { Server, type Locker, type Upload } from '@tus/server'
import { UPLOAD_SILENCE_EXPIRY_HOURS, UPLOADS_PATH } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { isUploadId, uploadsDir } from '../media/media-paths.ts'
import type { UploadsService } from '../services/uploads.service.ts'
import type { DiskReserve } from './disk-reserve.ts'

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

/**
 * The FileStore, telling the uploads service about a new upload once its file exists and before any
 * creation-with-upload bytes are written, and about a terminated one once its files are gone. Hooks on
 * the store are awaited by tus (its POST_CREATE and POST_TERMINATE events are not), so the binding has
 * committed before the upload can finish and the unbinding before the DELETE is answered.
 */
class BindingFileStore extends FileStore {
  readonly #uploads: UploadsService
  constructor(directory: string, uploads: UploadsService) {
    super({ directory })
    this.#uploads = uploads
  }
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload)
    await this.#uploads.created(Number(upload.metadata?.submission_id), upload.id, upload.size ?? null)
    return created
  }
  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.#uploads.terminated(id)
  }
}

export function createTusUploads(deps: {
  /** Checked at creation and before each PATCH: no bytes are taken onto a disk under its reserve. */
  diskReserve: DiskReserve
  dataDir: string
  maxUploadBytes: number
  uploads: UploadsService
  logger: Logger
  requireUser: RequestHandler
  /** Who may write an upload now: shared by every API process on PostgreSQL (db/dialect/upload-locker.ts). */
  locker: Locker
}) {
  const tus = new Server({
    locker: deps.locker,
    path: UPLOADS_PATH,
    datastore: new BindingFileStore(uploadsDir(deps.dataDir), deps.uploads),
    maxSize: deps.maxUploadBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    // Keep it quick: the final PATCH waits for this. Processing runs later, as a job.
    async onUploadFinish(_req, upload) {
      await deps.uploads.finished(upload.id, upload.offset)
      return {}
    },
  })

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
