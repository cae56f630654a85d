/**
 * A non-JSON body read whole into memory, for small uploads of one declared type (a caption file):
 * more than `limitBytes` is 413 (said by Content-Length before reading, or found while reading), a
 * compressed body 415 (these files are small), a body cut short 400.
 */
import type { Request } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError, bodyErrors } from '../errors.ts'
import { leaveUnread } from './leave-unread.ts'

export function readRawBody(req: Request, limitBytes: number, tooLarge: () => ApiError = bodyErrors.tooLarge): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase()
  if (encoding !== 'identity') return Promise.reject(new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the file uncompressed.'))
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length'])
  if (declared !== undefined && declared > limitBytes) {
    leaveUnread(req)
    return Promise.reject(tooLarge())
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const finish = (error: ApiError | undefined) => {
      if (settled) return
      settled = true
      req.removeListener('data', onData)
      req.removeListener('end', onEnd)
      req.removeListener('error', onError)
      req.removeListener('aborted', onError)
      if (error) {
        leaveUnread(req)
        reject(error)
      } else resolve(Buffer.concat(chunks, received))
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limitBytes) return finish(tooLarge())
      chunks.push(chunk)
    }
    const onEnd = () => finish(declared !== undefined && received !== declared ? bodyErrors.unreadable() : undefined)
    const onError = () => finish(bodyErrors.unreadable())
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('aborted', onError)
  })
}
