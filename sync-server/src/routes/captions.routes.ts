/**
 * Captions and transcripts (api-contract "Captions, dialects, transcripts"). The upload (PUT, a
 * text/vtt body: served ahead of the JSON-only API router, the table's raw entry) has its role, type
 * and target checked before a byte of the body is read; the rest are ordinary API routes.
 */
import type { RequestHandler } from 'express'
import { captionLanguageSchema, type CaptionLanguage } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'
import type { CaptionsService, SaveCondition } from '../services/captions.service.ts'
import type { WaveformService } from '../services/waveform.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'
import { bodyTypeCheck } from './route-body.ts'

/** A language in a path: vi or en; anything else names no track (404). */
function pathLanguage(raw: unknown): CaptionLanguage {
  const parsed = captionLanguageSchema.safeParse(raw)
  if (!parsed.success) throw notFound('No captions in that language: vi or en.')
  return parsed.data
}

/** An ETag's generation (`"123"`, `W/"123"`); -1 for one this server never gave (it matches no track). */
function generationOf(tag: string): number {
  const match = /^(?:W\/)?"(\d{1,20})"$/.exec(tag.trim())
  return match ? Number(match[1]) : -1
}

/** The save's condition from `If-Match` (an ETag or `*`) or `If-None-Match: *` (issue 44). */
function saveCondition(ifMatch: string | undefined, ifNoneMatch: string | undefined): SaveCondition | undefined {
  if (ifMatch !== undefined && ifMatch.trim() !== '') return { ifMatch: ifMatch.trim() === '*' ? '*' : generationOf(ifMatch.split(',')[0]!) }
  if (ifNoneMatch?.trim() === '*') return { ifNoneMatch: '*' }
  return undefined
}

/** Whether an `If-None-Match` names this ETag (or is `*`). */
const matchesNone = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)

export function captionsUploadRoute(routes: Routes, deps: { captions: CaptionsService; uploadGuard: RequestHandler }) {
  // The file's type (415), then the submission and language (404), are checked before a byte is read:
  // the reader (the route table's raw entry) checks the type and reads the file before the last handler.
  const target: RequestHandler = (req, _res, next) => {
    pathId(req.params.id, 'No such submission.')
    pathLanguage(req.params.lang)
    next()
  }
  const checks = [bodyTypeCheck('submissions.putCaptions'), target]
  routes.add('submissions.putCaptions', { guards: [deps.uploadGuard], checks }, async ({ req, res, user }) => {
    const id = pathId(req.params.id, 'No such submission.')
    const language = pathLanguage(req.params.lang)
    const { etag, ...saved } = await deps.captions.put(user, id, language, req.body as Buffer, saveCondition(req.get('if-match'), req.get('if-none-match')))
    res.set('ETag', etag).json({ data: saved })
  })
}

export function captionsRoutes(routes: Routes, deps: { captions: CaptionsService; waveform: WaveformService }) {
  routes.add('submissions.deleteCaptions', async ({ req, res, user }) => {
    await deps.captions.remove(user, pathId(req.params.id, 'No such submission.'), pathLanguage(req.params.lang))
    res.status(204).end()
  })

  // The studio reads a track back to change it (issue 44): the owner or an admin, with its ETag.
  routes.add('submissions.getCaptions', async ({ req, res, user }) => {
    const { vtt, etag } = await deps.captions.stored(user, pathId(req.params.id, 'No such submission.'), pathLanguage(req.params.lang))
    res.set({ ETag: etag, 'Cache-Control': 'private, no-cache' })
    if (matchesNone(req.get('if-none-match'), etag)) res.status(304).end()
    else res.type('text/vtt; charset=utf-8').send(vtt)
  })

  // The studio's waveform (issue 44): 200 once its job made it, 202 with Retry-After while it is to be made.
  routes.add('submissions.waveform', async ({ req, res, user }) => {
    const waveform = await deps.waveform.read(user, pathId(req.params.id, 'No such submission.'))
    res.set('Cache-Control', 'private, no-cache')
    if (waveform.status === 'pending') res.status(202).set('Retry-After', String(waveform.retry_after_seconds))
    res.json({ data: waveform })
  })

  // No bearer token: a <track> element cannot send one. The grant in the URL is the permission.
  routes.add('videos.captionFile', async ({ req, res }) => {
    const file = String(req.params.file)
    if (!file.endsWith('.vtt')) throw notFound('No such captions file.')
    const videoId = pathId(req.params.id, 'No such video.')
    const language = pathLanguage(file.slice(0, -'.vtt'.length))
    const grant = typeof req.query.grant === 'string' ? req.query.grant : ''
    const { vtt, expiresAt } = await deps.captions.trackFile(videoId, language, grant)
    const maxAge = Math.max(0, Math.min(3600, expiresAt - Math.floor(Date.now() / 1000)))
    res.set({ 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': `private, max-age=${maxAge}` }).send(vtt)
  })

  routes.add('videos.transcript', async (call) => {
    const { req, res, user } = call
    const videoId = pathId(req.params.id, 'No such video.')
    const { lang, cursor, limit } = call.query
    const page = await deps.captions.transcript(user, videoId, lang, { cursor, limit })
    res.json({ data: page.cues, next_cursor: page.nextCursor })
  })
}
