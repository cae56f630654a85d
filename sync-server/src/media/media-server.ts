/**
 * Serves processed media under /media:
 * - /media/g/<grant>/<file>: a video's HLS files, only with a valid grant for that video (grants.ts).
 *   A preview grant gets playlists cut at the preview and 403 for any segment past it. Playlists are
 *   served only while the grant's session and access last (playlist-access.ts) and are not kept by
 *   the browser, so that re-check is not skipped; segments need only the grant's signature.
 * - /media/g/<grant>/<variant>/part?from=&count=: consecutive files of one rendition in one answer, for
 *   downloads (variant-parts.ts). Relative to the variant playlist, so it inherits the grant too.
 * - /media/<media_key>/<picture>: posters and thumbnails, public like the catalogue that shows them.
 * Only the file names the transcoder writes are served; anything else is 404, so no path from a URL
 * can leave the media folder.
 * With MEDIA_ACCEL_REDIRECT set (nginx in front, deploy/nginx.conf), a file that passed every check is
 * answered with an empty body and `X-Accel-Redirect: <prefix><media_key>/<file>`, and nginx sends the
 * bytes (ranges included) from its internal location over DATA_DIR/media. What is made here stays
 * ours: cut preview playlists and parts.
 * - /media/grant/<grant> (with MEDIA_ACCEL_REDIRECT only): nginx's check of a full grant before it
 *   sends a segment or init file by itself (deploy/nginx.conf, `auth_request`). The answer is cached
 *   by nginx per grant (`X-Accel-Expires`), so a learner's segments cost our process one check per
 *   grant and window instead of one request each: at 1 MB segments, the request per segment was what
 *   kept nginx after our check at half of nginx alone (docs/scaling.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import { ERROR_CODES, MEDIA_PART_FILES_HEADER, MEDIA_PART_MAX_FILES } from '../../../contract/index.ts'
import { accelRedirect, sendFile } from './file-response.ts'
import type { Grant, MediaGrants } from './grants.ts'
import { isMediaKey, mediaDir } from './media-paths.ts'
import type { PlaylistAccess } from './playlist-access.ts'
import { cutPlaylistAt } from './preview-playlist.ts'
import { parsePartRange, partFilesHeader, statPart, streamPart, variantFiles } from './variant-parts.ts'

const HLS_FILE = /^(master\.m3u8|poster\.jpg|v\d{3,4}p\/(index\.m3u8|init(_\d+)?\.mp4|seg_\d{1,6}\.m4s))$/
const PART = /^v\d{3,4}p\/part$/
const PICTURE = /^[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|webp)$/
const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}
const BASE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' }
/**
 * How long nginx may reuse one grant check. The segments it sends on that check are given a browser
 * max-age of what is left of the grant after the whole window, so no browser keeps a file past the
 * grant's expiry however late in the window it was sent.
 */
export const GRANT_CHECK_CACHE_SECONDS = 300

export function mediaServer(deps: { dataDir: string; grants: MediaGrants; playlistAccess: PlaylistAccess; accelRedirect?: string }) {
  /** Sends a checked file: by nginx when it fronts us, else streamed here. */
  const send = (req: Request, res: Response, mediaKey: string, relative: string, headers: Record<string, string>) => {
    const file = path.join(mediaDir(deps.dataDir, mediaKey), relative)
    return deps.accelRedirect
      ? accelRedirect(res, file, `${deps.accelRedirect}${mediaKey}/${relative}`, headers)
      : sendFile(req, res, file, headers)
  }

  // What is read from variant playlists (the preview cut, the file list of parts) is small and asked
  // for often; kept per playlist file and mtime so a re-transcode is seen.
  const derived = new Map<string, { mtimeMs: number; value: unknown }>()

  async function fromPlaylist<T>(playlistFile: string, kind: string, derive: (text: string) => T): Promise<T> {
    const stat = await fs.promises.stat(playlistFile)
    const key = `${playlistFile}:${kind}`
    const cached = derived.get(key)
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.value as T
    const value = derive(await fs.promises.readFile(playlistFile, 'utf8'))
    if (derived.size > 2000) derived.clear()
    derived.set(key, { mtimeMs: stat.mtimeMs, value })
    return value
  }

  const previewCut = (playlistFile: string, previewSeconds: number) =>
    fromPlaylist(playlistFile, `cut:${previewSeconds}`, (text) => cutPlaylistAt(text, previewSeconds))
  // The files of a variant in part order.
  const variantIndex = (playlistFile: string) => fromPlaylist(playlistFile, 'files', variantFiles)

  // Grant URLs may be cached by the browser, never beyond the grant's expiry (nor an hour).
  const privateCaching = (grant: Grant) => `private, max-age=${Math.max(0, Math.min(3600, grant.expiresAt - Math.floor(Date.now() / 1000)))}`

  const refuse = (res: Response, status: number, code: string, message: string) =>
    res.status(status).set(BASE_HEADERS).set('Cache-Control', 'no-store').json({ error: code, message })

  async function serveGranted(req: Request, res: Response, grant: Grant, relative: string) {
    const folder = mediaDir(deps.dataDir, grant.mediaKey)
    const file = path.join(folder, relative)
    const type = TYPES[path.extname(file)]
    const isPlaylist = relative.endsWith('.m3u8')
    if (isPlaylist && !(await deps.playlistAccess.allows(grant))) {
      return refuse(res, 403, ERROR_CODES.forbidden, 'This media link is no longer valid: open the video again.')
    }
    const headers = { ...BASE_HEADERS, 'Content-Type': type, 'Cache-Control': isPlaylist ? 'private, no-cache' : privateCaching(grant) }

    if (grant.previewSeconds !== null && relative.includes('/')) {
      const variant = path.dirname(file)
      let cut
      try {
        cut = await previewCut(path.join(variant, 'index.m3u8'), grant.previewSeconds)
      } catch {
        return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
      }
      const name = path.basename(file)
      if (name === 'index.m3u8') {
        res.set(headers).set('Content-Length', String(Buffer.byteLength(cut.text)))
        return req.method === 'HEAD' ? res.end() : res.end(cut.text)
      }
      if (name.endsWith('.m4s') && !cut.allowed.has(name)) {
        return refuse(res, 403, ERROR_CODES.premiumRequired, 'This part of the video is for premium members.')
      }
    }
    if (!(await send(req, res, grant.mediaKey, relative, headers))) refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
  }

  async function servePart(req: Request, res: Response, grant: Grant, relative: string) {
    const range = parsePartRange(req.query as Record<string, unknown>)
    if (!range) return refuse(res, 400, ERROR_CODES.validation, `from and count must be whole numbers, count from 1 to ${MEDIA_PART_MAX_FILES}.`)
    const variant = path.join(mediaDir(deps.dataDir, grant.mediaKey), path.dirname(relative))
    const playlistFile = path.join(variant, 'index.m3u8')
    let names: string[] | undefined
    try {
      names = await variantIndex(playlistFile)
    } catch {
      names = undefined
    }
    if (!names || range.from + range.count > names.length) return refuse(res, 404, ERROR_CODES.notFound, 'No such files in this rendition.')
    const wanted = names.slice(range.from, range.from + range.count)
    if (grant.previewSeconds !== null) {
      // The rule of single segments: any segment past the preview refuses the whole part.
      const cut = await previewCut(playlistFile, grant.previewSeconds).catch(() => undefined)
      if (!cut) return refuse(res, 404, ERROR_CODES.notFound, 'No such files in this rendition.')
      if (wanted.some((name) => name.endsWith('.m4s') && !cut.allowed.has(name))) {
        return refuse(res, 403, ERROR_CODES.premiumRequired, 'This part of the video is for premium members.')
      }
    }
    const files = await statPart(variant, wanted)
    if (!files) return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
    res.set(BASE_HEADERS).set({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(files.reduce((sum, entry) => sum + entry.size, 0)),
      'Cache-Control': privateCaching(grant),
      [MEDIA_PART_FILES_HEADER]: partFilesHeader(files),
    })
    if (req.method === 'HEAD') return res.end()
    await streamPart(res, files)
  }

  /** nginx's check of a full grant (see the top): 200 and how long to keep that answer, or our refusal. */
  function checkGrant(res: Response, text: string) {
    const grant = deps.grants.verify(text)
    // A preview grant's segments are checked one by one here (the cut), never by nginx on its own.
    if (!grant || grant.previewSeconds !== null) return refuse(res, 403, ERROR_CODES.forbidden, 'This media link has expired or is not valid.')
    const left = grant.expiresAt - Math.floor(Date.now() / 1000)
    const window = Math.min(GRANT_CHECK_CACHE_SECONDS, left)
    res.status(200).set({
      'X-Accel-Expires': String(window),
      'X-Media-Cache-Control': `private, max-age=${Math.max(0, Math.min(3600, left - window))}`,
      'Content-Length': '0',
    })
    return res.end()
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const parts = req.path.split('/').slice(1) // req.path is relative to the /media mount
    try {
      if (deps.accelRedirect && parts[0] === 'grant' && parts.length === 2) return checkGrant(res, parts[1])
      if (parts[0] === 'g' && parts.length >= 3) {
        // Taken as it stands in the URL: a percent-encoded spelling of a grant is another URL, refused.
        const grant = deps.grants.verify(parts[1])
        if (!grant) return refuse(res, 403, ERROR_CODES.forbidden, 'This media link has expired or is not valid.')
        const relative = parts.slice(2).join('/')
        if (PART.test(relative)) return await servePart(req, res, grant, relative)
        if (!HLS_FILE.test(relative)) return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
        return await serveGranted(req, res, grant, relative)
      }
      if (parts.length === 2 && isMediaKey(parts[0]) && PICTURE.test(parts[1])) {
        const headers = { ...BASE_HEADERS, 'Content-Type': TYPES[path.extname(parts[1])], 'Cache-Control': 'public, max-age=86400' }
        if (await send(req, res, parts[0], parts[1], headers)) return
      }
      refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
    } catch (error) {
      next(error)
    }
  }
}
