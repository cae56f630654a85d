/**
 * Sends one stored object with the headers a media element needs, single byte ranges included (Safari
 * asks for `bytes=0-1` before it plays): from DATA_DIR through storage/file-response.ts, or from the
 * bucket with a ranged GET. With nginx (or a CDN) in front, media never comes this way per segment
 * (deploy/nginx.conf); this serves the rest and a deployment with nothing in front.
 */
import type { Request, Response } from 'express'
import { sendFile } from './file-response.ts'
import type { MediaStore } from './media-store.ts'

const RANGE = /^bytes=(\d*)-(\d*)$/

export async function sendStored(req: Request, res: Response, store: MediaStore, key: string, headers: Record<string, string>): Promise<boolean> {
  if (store.localPath) return sendFile(req, res, store.localPath(key), headers)
  const object = await store.stat(key)
  if (!object) return false
  for (const name in headers) res.setHeader(name, headers[name])
  res.setHeader('Accept-Ranges', 'bytes')
  if (object.modifiedMs) res.setHeader('Last-Modified', new Date(object.modifiedMs).toUTCString())
  let start = 0
  let end = object.size - 1
  const match = req.headers.range ? RANGE.exec(req.headers.range) : null
  if (match && (match[1] !== '' || match[2] !== '')) {
    if (match[1] === '') start = Math.max(0, object.size - Number(match[2]))
    else {
      start = Number(match[1])
      end = match[2] === '' ? end : Math.min(end, Number(match[2]))
    }
    if (start > end || start >= object.size) {
      res.status(416).setHeader('Content-Range', `bytes */${object.size}`)
      res.end()
      return true
    }
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${object.size}`)
  }
  res.setHeader('Content-Length', String(object.size === 0 ? 0 : end - start + 1))
  if (req.method === 'HEAD' || object.size === 0) {
    res.end()
    return true
  }
  const body = await store.read(key, { start, end })
  if (!body) {
    res.destroy() // removed between the look and the read: the headers are gone already
    return true
  }
  body.on('error', () => res.destroy())
  body.pipe(res)
  return true
}
