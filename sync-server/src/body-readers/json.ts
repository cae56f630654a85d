import { isAscii, isUtf8 } from 'node:buffer'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError, bodyErrors } from '../errors.ts'
import { checkedJson, invalidText } from './text.ts'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])
const UTF8_CHARSET = /;\s*charset\s*=\s*"?utf-?8"?\s*(;|$)/i
const ANY_CHARSET = /;\s*charset\s*=/i
const BOM = 0xfeff

const { tooLarge, notUtf8Json, unreadable, malformedJson: malformed } = bodyErrors

/** The byte stream of the body, inflated when the client compressed it; undefined for an unknown encoding. */
function bodyStream(req: Request, encoding: string): NodeJS.ReadableStream | undefined {
  if (encoding === 'identity') return req
  const inflate = encoding === 'gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : undefined
  return inflate && req.pipe(inflate)
}

/** A JSON text may hold a non-NFC, NUL or lone-surrogate string only if it is not ASCII or has an escape. */
const ESCAPE = /\\u/

/**
 * JSON bodies for the API, read by hand rather than by express.json: the watch-event ingest takes
 * 100 KB batches, where body-parser's stream decoding cost a tenth of the call. The rules are the
 * same: anything else that carries a body is refused with 415 before it is read, a charset other
 * than UTF-8 or an unknown content encoding is 415, more than `limitBytes` (after inflating) is 413,
 * a body cut short is 400, and the body must be a JSON object or array (400 otherwise). An empty body
 * reads as `{}`. Its text must be UTF-8 without NUL (400) and reaches the routes NFC-normalised.
 */
export function jsonBody(limitBytes: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!METHODS_WITH_BODY.has(req.method)) return next()
    const declaredText = req.headers['content-length']
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(declaredText ?? 0) > 0
    if (!hasBody) return next()
    if (!req.is('application/json')) return next(new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the body as application/json.'))
    const type = req.headers['content-type'] ?? ''
    if (ANY_CHARSET.test(type) && !UTF8_CHARSET.test(type)) return next(notUtf8Json())
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase()
    const identity = encoding === 'identity'
    const declared = declaredText === undefined ? undefined : Number(declaredText)
    if (identity && declared !== undefined && declared > limitBytes) return next(tooLarge())
    const stream = bodyStream(req, encoding)
    if (!stream) return next(notUtf8Json())

    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const finish = (error: ApiError | undefined) => {
      if (settled) return
      settled = true
      stream.removeListener('data', onData)
      stream.removeListener('end', onEnd)
      stream.removeListener('error', onError)
      req.removeListener('aborted', onAborted)
      if (error) {
        // Stop reading what is left: the answer goes out and the connection is not kept.
        if (stream !== req) {
          req.unpipe()
          // Destroyed, not just left: a decompressor keeps inflating the input it already holds, and
          // a 1 KB brotli bomb holds a gigabyte (seconds of a core after the 413). What a bomb costs
          // is bounded by the limit. An error it raises while stopping has nobody else to hear it.
          const inflate = stream as zlib.Zlib & NodeJS.ReadableStream & { destroy(): void }
          inflate.on('error', () => {})
          inflate.destroy()
        }
        req.pause()
        return next(error)
      }
      next()
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limitBytes) return finish(tooLarge())
      chunks.push(chunk)
    }
    const onEnd = () => {
      if (identity && declared !== undefined && received !== declared) return finish(unreadable())
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)
      // ASCII, which is what the apps send, decodes fastest as latin1 (the same characters).
      const ascii = isAscii(bytes)
      if (!ascii && !isUtf8(bytes)) return finish(invalidText('The body', 'is not UTF-8 text.'))
      let text = bytes.toString(ascii ? 'latin1' : 'utf8')
      if (text.charCodeAt(0) === BOM) text = text.slice(1)
      const start = text.search(/\S/)
      if (start === -1) {
        req.body = {}
        return finish(undefined)
      }
      const first = text[start]
      if (first !== '{' && first !== '[') return finish(malformed())
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return finish(malformed())
      }
      // Plain ASCII without \u escapes is already NFC and free of NUL: the ingest's batches skip the walk.
      if (!ascii || ESCAPE.test(text)) {
        const checked = checkedJson(body)
        if (checked instanceof ApiError) return finish(checked)
      }
      req.body = body
      finish(undefined)
    }
    const onError = () => finish(unreadable())
    const onAborted = () => finish(unreadable())
    stream.on('data', onData)
    stream.on('end', onEnd)
    stream.on('error', onError)
    req.on('aborted', onAborted)
  }
}
