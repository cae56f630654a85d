/**
 * Streams one file with the headers a media element needs, including single byte ranges (Safari asks
 * for `bytes=0-1` before it plays). Kept lean on purpose: this serves every HLS segment.
 */
import fs from 'node:fs'
import type { Request, Response } from 'express'

const RANGE = /^bytes=(\d*)-(\d*)$/

export async function sendFile(req: Request, res: Response, file: string, headers: Record<string, string>): Promise<boolean> {
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(file)
  } catch {
    return false
  }
  if (!stat.isFile()) return false
  for (const name in headers) res.setHeader(name, headers[name])
  res.setHeader('Accept-Ranges', 'bytes')
  res.setHeader('Last-Modified', stat.mtime.toUTCString())

  let start = 0
  let end = stat.size - 1
  const range = req.headers.range
  if (range) {
    const match = RANGE.exec(range)
    if (match && (match[1] !== '' || match[2] !== '')) {
      if (match[1] === '') {
        start = Math.max(0, stat.size - Number(match[2]))
      } else {
        start = Number(match[1])
        end = match[2] === '' ? end : Math.min(end, Number(match[2]))
      }
      if (start > end || start >= stat.size) {
        res.status(416).setHeader('Content-Range', `bytes */${stat.size}`)
        res.end()
        return true
      }
      res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`)
    }
  }
  res.setHeader('Content-Length', String(stat.size === 0 ? 0 : end - start + 1))
  if (req.method === 'HEAD' || stat.size === 0) {
    res.end()
    return true
  }
  const stream = fs.createReadStream(file, { start, end })
  stream.on('error', () => res.destroy())
  stream.pipe(res)
  return true
}

/**
 * Hands a checked file to a fronting nginx: an empty answer with `X-Accel-Redirect` naming it under
 * nginx's internal media location, which sends it (with ranges). The file is looked at first so a
 * missing one is our 404 in the contract's shape, not nginx's page. nginx keeps Content-Type and
 * Cache-Control from this answer; deploy/nginx.conf adds the other media headers.
 */
export async function accelRedirect(res: Response, file: string, internalPath: string, headers: Record<string, string>): Promise<boolean> {
  try {
    if (!(await fs.promises.stat(file)).isFile()) return false
  } catch {
    return false
  }
  for (const name in headers) res.setHeader(name, headers[name])
  res.setHeader('X-Accel-Redirect', internalPath)
  res.end()
  return true
}
