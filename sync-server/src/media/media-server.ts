/**
 * Serves processed media under /media:
 * - /media/v/<media_key>/<file>?grant=<grant>: a video's HLS files, only with a valid grant for that
 *   video (grants.ts) in the query. The path alone names the bytes, so a cache in front (nginx, a CDN)
 *   keys a segment by its path and keeps one copy for every learner, checking the grant on each request
 *   (deploy/nginx.conf). Segments and init files are immutable (a new ladder gets a new media key) and
 *   sent `public` with a year's max-age; playlists carry the learner's grant in each URI (a query is not
 *   inherited by relative URIs: we write it in), so they are `private` and short-lived, and served only
 *   while the grant's session and access last (playlist-access.ts). A preview grant gets playlists cut
 *   at the preview and 403 for any segment past it; segments otherwise need only the grant's signature.
 * - /media/v/<media_key>/<variant>/part?from=&count=&grant=: consecutive files of one rendition in one
 *   answer, for downloads (variant-parts.ts).
 * - /media/g/<grant>/<file>: the shape before the grant moved to the query (the grant in the path,
 *   inherited by relative URIs). Still answered, playlists as stored, so the URLs handed out before an
 *   upgrade (a player open, a download the browser fetches in the background) work for the hour their
 *   grants last.
 * - /media/<media_key>/<picture>: posters and thumbnails, public like the catalogue that shows them.
 * Only the file names the transcoder writes are served; anything else is 404, so no path from a URL
 * can leave the media folder.
 * With MEDIA_ACCEL_REDIRECT set (nginx in front, deploy/nginx.conf), a file that passed every check is
 * answered with an empty body and `X-Accel-Redirect: <prefix><media_key>/<file>`, and nginx sends the
 * bytes (ranges included) from its internal location over DATA_DIR/media or the bucket. What is made
 * here stays ours: playlists (with the grant written in, or cut at a preview) and parts.
 * - /media/grant/<media_key>/<grant> (with MEDIA_ACCEL_REDIRECT only): nginx's check of a full grant
 *   for one video before it sends a segment or init file of that video by itself (deploy/nginx.conf,
 *   `auth_request`). The answer is cached by nginx per media key and grant (`X-Accel-Expires`), so a
 *   learner's segments cost our process one check per grant and window instead of one request each: at
 *   1 MB segments, the request per segment was what kept nginx after our check at half of nginx alone
 *   (docs/scaling.md).
 */
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import { ERROR_CODES, MEDIA_PART_FILES_HEADER, MEDIA_PART_MAX_FILES } from '../../../contract/index.ts'
import { accelRedirect } from '../storage/file-response.ts'
import type { Clock } from '../clock.ts'
import { GRANT_PARAM, type Grant, type MediaGrants } from './grants.ts'
import { isMediaKey } from '../storage/media-paths.ts'
import { mediaObjectKey, type MediaStore } from '../storage/media-store.ts'
import { sendStored } from '../storage/send-stored.ts'
import type { PlaylistAccess } from './playlist-access.ts'
import { createPlaylistReads } from './playlist-reads.ts'
import { statStoredPart, streamStoredPart } from './stored-parts.ts'
import { parsePartRange, partFilesHeader, statPart, streamPart } from './variant-parts.ts'

// Rendition folders: v360p, v720p… and the audio-only a48k (media/ffmpeg.ts).
const HLS_FILE = /^(master\.m3u8|poster\.jpg|(v\d{3,4}p|a\d{2,3}k)\/(index\.m3u8|init(_\d+)?\.mp4|seg_\d{1,6}\.m4s))$/
const PART = /^(v\d{3,4}p|a\d{2,3}k)\/part$/
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
/**
 * Segments and init files: the same bytes for every learner and never changed under their path (a new
 * ladder gets a new media key), so any cache may keep them a year. The grant is checked before a cache
 * answers (nginx, deploy/nginx.conf; a CDN with the same check at its edge).
 */
export const SEGMENT_CACHE_CONTROL = 'public, max-age=31536000, s-maxage=31536000, immutable'
/** Playlists carry the learner's grant in their URIs: one learner's, kept a few seconds by that browser only. */
export const PLAYLIST_CACHE_CONTROL = 'private, max-age=10'

/**
 * A playlist with the grant written into each URI it lists (variant playlists, renditions, the init
 * file, segments): the query of the playlist's own URL is not inherited by the URIs inside it.
 */
export function withGrantInUris(playlist: string, grant: string): string {
  const add = (uri: string) => `${uri}${uri.includes('?') ? '&' : '?'}${GRANT_PARAM}=${grant}`
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.trim()
      if (text === '') return line
      if (!text.startsWith('#')) return add(text)
      return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${add(uri)}"`)
    })
    .join('\n')
}

const refuse = (res: Response, status: number, code: string, message: string) =>
  res.status(status).set(BASE_HEADERS).set('Cache-Control', 'no-store').json({ error: code, message })

/** nginx's check of a full grant for one video (see the top): 200 and how long to keep that answer, or our refusal. */
function checkGrant(grants: MediaGrants, nowSeconds: () => number, res: Response, mediaKey: string, text: string) {
  const grant = grants.verify(text)
  // A preview grant's segments are checked one by one here (the cut), never by nginx on its own.
  if (!grant || grant.mediaKey !== mediaKey || grant.previewSeconds !== null) return refuse(res, 403, ERROR_CODES.forbidden, 'This media link has expired or is not valid.')
  const left = grant.expiresAt - nowSeconds()
  res.status(200).set({ 'X-Accel-Expires': String(Math.min(GRANT_CHECK_CACHE_SECONDS, left)), 'Content-Length': '0' })
  return res.end()
}

/** The grant of a /media/v/ request: one `grant` in the query, as it stands (a second one is refused). */
function queryGrant(req: Request) {
  const value = (req.query as Record<string, unknown>)[GRANT_PARAM]
  return typeof value === 'string' ? value : ''
}

export function mediaServer(deps: { store: MediaStore; grants: MediaGrants; playlistAccess: PlaylistAccess; accelRedirect?: string; clock?: Clock }) {
  const nowSeconds = () => Math.floor((deps.clock?.now() ?? Date.now()) / 1000)
  const { store } = deps
  /** The media folder of a key on disk; on S3 the object prefix. Playlist paths below are either. */
  const mediaDir = (mediaKey: string) => (store.localPath ? store.localPath(mediaObjectKey(mediaKey)) : mediaObjectKey(mediaKey))
  const keyOf = (mediaKey: string, relative: string) => mediaObjectKey(mediaKey, relative)

  /** Sends a checked file: by nginx when it fronts us (over DATA_DIR, or the bucket as its origin), else streamed here. */
  const send = (req: Request, res: Response, mediaKey: string, relative: string, headers: Record<string, string>) => {
    if (deps.accelRedirect && store.localPath) {
      return accelRedirect(res, store.localPath(keyOf(mediaKey, relative)), `${deps.accelRedirect}${mediaKey}/${relative}`, headers)
    }
    if (deps.accelRedirect) {
      // nginx fetches it from the bucket (deploy/nginx.conf): no look here, a missing object is the bucket's 404.
      for (const name in headers) res.setHeader(name, headers[name])
      res.setHeader('X-Accel-Redirect', `${deps.accelRedirect}${mediaKey}/${relative}`)
      res.end()
      return Promise.resolve(true)
    }
    return sendStored(req, res, store, keyOf(mediaKey, relative), headers)
  }

  const { playlistText, previewCut, variantIndex } = createPlaylistReads(store)

  // Grant URLs may be cached by the browser, never beyond the grant's expiry (nor an hour).
  const privateCaching = (grant: Grant) => `private, max-age=${Math.max(0, Math.min(3600, grant.expiresAt - nowSeconds()))}`

  /**
   * `inQuery`: the grant came in the query (/media/v/…), so the playlists we send carry it in their URIs;
   * in the path (/media/g/…, the older shape) the stored URIs inherit it as they are.
   */
  async function serveGranted(req: Request, res: Response, grant: Grant, grantText: string, inQuery: boolean, relative: string) {
    const folder = mediaDir(grant.mediaKey)
    const file = path.join(folder, relative)
    const type = TYPES[path.extname(file)]
    const isPlaylist = relative.endsWith('.m3u8')
    if (isPlaylist && !(await deps.playlistAccess.allows(grant))) {
      return refuse(res, 403, ERROR_CODES.forbidden, 'This media link is no longer valid: open the video again.')
    }
    const headers = { ...BASE_HEADERS, 'Content-Type': type, 'Cache-Control': isPlaylist ? PLAYLIST_CACHE_CONTROL : SEGMENT_CACHE_CONTROL }
    const sendPlaylist = (text: string) => {
      const body = inQuery ? withGrantInUris(text, grantText) : text
      res.set(headers).set('Content-Length', String(Buffer.byteLength(body)))
      return req.method === 'HEAD' ? res.end() : res.end(body)
    }

    if (grant.previewSeconds !== null && relative.includes('/')) {
      const variant = path.dirname(file)
      let cut
      try {
        cut = await previewCut(path.join(variant, 'index.m3u8'), grant.previewSeconds)
      } catch {
        return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
      }
      const name = path.basename(file)
      if (name === 'index.m3u8') return sendPlaylist(cut.text)
      if (name.endsWith('.m4s') && !cut.allowed.has(name)) {
        return refuse(res, 403, ERROR_CODES.premiumRequired, 'This part of the video is for premium members.')
      }
    }
    if (isPlaylist && inQuery) {
      let text
      try {
        text = await playlistText(file)
      } catch {
        return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
      }
      return sendPlaylist(text)
    }
    if (!(await send(req, res, grant.mediaKey, relative, headers))) refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
  }

  async function servePart(req: Request, res: Response, grant: Grant, relative: string) {
    const range = parsePartRange(req.query as Record<string, unknown>)
    if (!range) return refuse(res, 400, ERROR_CODES.validation, `from and count must be whole numbers, count from 1 to ${MEDIA_PART_MAX_FILES}.`)
    const variant = path.join(mediaDir(grant.mediaKey), path.dirname(relative))
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
    const files = store.localPath ? await statPart(variant, wanted) : await statStoredPart(store, variant, wanted)
    if (!files) return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
    res.set(BASE_HEADERS).set({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(files.reduce((sum, entry) => sum + entry.size, 0)),
      'Cache-Control': privateCaching(grant),
      [MEDIA_PART_FILES_HEADER]: partFilesHeader(files),
    })
    if (req.method === 'HEAD') return res.end()
    if (store.localPath) await streamPart(res, files)
    else await streamStoredPart(store, res, files)
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const parts = req.path.split('/').slice(1) // req.path is relative to the /media mount
    try {
      if (deps.accelRedirect && parts[0] === 'grant' && parts.length === 3 && isMediaKey(parts[1])) return checkGrant(deps.grants, nowSeconds, res, parts[1], parts[2])
      const inQuery = parts[0] === 'v' && parts.length >= 3 && isMediaKey(parts[1])
      if (inQuery || (parts[0] === 'g' && parts.length >= 3)) {
        // Taken as it stands in the URL: a percent-encoded spelling of a grant is another URL, refused.
        const grantText = inQuery ? queryGrant(req) : parts[1]
        const grant = deps.grants.verify(grantText)
        if (!grant || (inQuery && grant.mediaKey !== parts[1])) return refuse(res, 403, ERROR_CODES.forbidden, 'This media link has expired or is not valid.')
        const relative = parts.slice(2).join('/')
        if (PART.test(relative)) return await servePart(req, res, grant, relative)
        if (!HLS_FILE.test(relative)) return refuse(res, 404, ERROR_CODES.notFound, 'No such media file.')
        return await serveGranted(req, res, grant, grantText, inQuery, relative)
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
