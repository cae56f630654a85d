/**
 * Streams a multipart/form-data request: text fields into memory (small), each expected file straight
 * to a temp file in `dir` under a random name. A file is typed by sniffing its first bytes, and counted
 * as it arrives. A file past its limit (413), of the wrong type (415), a file part the form does not
 * take or takes once (422), or a body past every limit together, with or without Content-Length
 * (413), is refused at that byte: the rest is never read (leave-unread.ts) and the temp files are
 * removed. The caller moves the files it keeps and calls `cleanup()` in every case; client file names
 * are never used.
 *
 * A body that breaks off (cut short, no closing boundary, a malformed part header, the client gone)
 * rejects with 400 after every half-written temp file is closed and removed: nothing of it is kept.
 * Text fields must be UTF-8 without NUL (400) and arrive NFC-normalised; a field longer than its limit
 * is 413 rather than silently cut.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Request } from 'express'
import busboy from 'busboy'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { SNIFF_BYTES } from '../media/sniff.ts'
import type { ReceivedFile } from '../services/received-file.ts'
import { leaveUnread } from './leave-unread.ts'
import { checkedText } from './text.ts'

export interface FileSpec<T extends { type: string; ext: string }> {
  /** The largest size accepted, inclusive. */
  maxBytes: number
  sniff: (head: Buffer) => T | undefined
}

export type { ReceivedFile }

/** A file the form keeps no copy of: empty, or its temp file could not be written. */
export type FileProblem = 'too_large' | 'empty'

export interface MultipartResult {
  fields: Record<string, string>
  files: Record<string, ReceivedFile>
  problems: Record<string, FileProblem>
  cleanup(): void
}

const FIELD_MAX_BYTES = 64 * 1024
const MAX_FIELDS = 40

const unreadableForm = () => new ApiError(400, 'bad_request', 'The form could not be read.')
const interrupted = () => new ApiError(400, 'bad_request', 'The upload was interrupted before the form was complete.')

/** A temp file's write, settled when it closes or fails; kept in `open` meanwhile, so a failure can close it. */
function settled(out: fs.WriteStream, open: Set<fs.WriteStream>, onError: () => void): Promise<void> {
  open.add(out)
  return new Promise((done) => {
    out.on('close', () => {
      open.delete(out)
      done()
    })
    out.on('error', () => {
      onError()
      done()
    })
  })
}

export function readMultipart(
  req: Request,
  options: {
    dir: string
    files: Record<string, FileSpec<{ type: string; ext: string }>>
    /** A file past its limit, or a body past every limit together (before reading, by Content-Length). */
    tooLarge: () => ApiError
    /** A file whose first bytes are not of a type it takes. */
    badType: () => ApiError
  },
): Promise<MultipartResult> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the form as multipart/form-data.'))
  }
  const ceiling = Object.values(options.files).reduce((sum, spec) => sum + spec.maxBytes, 0) + MAX_FIELDS * FIELD_MAX_BYTES
  if (Number(req.headers['content-length'] ?? 0) > ceiling) {
    leaveUnread(req)
    return Promise.reject(options.tooLarge())
  }
  fs.mkdirSync(options.dir, { recursive: true })

  const fields: Record<string, string> = {}
  const files: Record<string, ReceivedFile> = {}
  const problems: Record<string, FileProblem> = {}
  const temps: string[] = []
  const writes: Promise<void>[] = []
  const cleanup = () => {
    for (const temp of temps) fs.rmSync(temp, { force: true })
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fieldSize: FIELD_MAX_BYTES, fields: MAX_FIELDS, files: Object.keys(options.files).length + 2, parts: MAX_FIELDS + 10 },
      })
    } catch {
      return reject(unreadableForm())
    }
    let failed = false
    let closed = false
    /** Temp files still being written: a failure closes them, or their writes would never settle. */
    const open = new Set<fs.WriteStream>()
    const fail = (error: ApiError) => {
      if (failed || closed) return
      failed = true
      req.removeListener('data', count)
      leaveUnread(req)
      parser.destroy()
      for (const out of open) out.destroy()
      Promise.allSettled(writes).then(() => {
        cleanup()
        reject(error)
      })
    }

    parser.on('field', (name, value, info) => {
      if (failed) return
      if (info.valueTruncated) return fail(new ApiError(413, ERROR_CODES.tooLarge, `The field "${name}" is too long.`))
      const text = checkedText(value, name)
      if (text instanceof ApiError) return fail(text)
      if (Object.keys(fields).length < MAX_FIELDS) fields[name] = text
    })

    parser.on('file', (name, stream) => {
      // busboy destroys a file stream with an error when the body ends inside it; unheard, that error
      // would stop the process. The parser reports the same break, so here it only has to be heard.
      stream.on('error', () => fail(interrupted()))
      const spec = options.files[name]
      if (failed) return stream.resume()
      if (!spec || files[name] || problems[name] || temps.some((t) => t.endsWith(`.${name}.part`))) {
        stream.resume()
        return fail(new ApiError(422, ERROR_CODES.validation, `The form takes no${spec ? ' second' : ''} file "${name}".`))
      }
      const temp = path.join(options.dir, `${crypto.randomUUID()}.${name}.part`)
      let head = Buffer.alloc(0)
      let bytes = 0
      let out: fs.WriteStream | undefined
      let kind: { type: string; ext: string } | undefined
      const drop = (problem: FileProblem) => {
        problems[name] = problem
        out?.destroy()
        out = undefined
      }
      const start = () => {
        kind = spec.sniff(head)
        if (!kind) return fail(options.badType())
        temps.push(temp)
        out = fs.createWriteStream(temp, { flags: 'wx' })
        writes.push(settled(out, open, () => (problems[name] ??= 'too_large')))
        out.write(head)
      }
      stream.on('data', (chunk: Buffer) => {
        if (failed || problems[name]) return
        bytes += chunk.length
        if (bytes > spec.maxBytes) return fail(options.tooLarge())
        if (!out) {
          head = Buffer.concat([head, chunk])
          if (head.length >= SNIFF_BYTES) start()
          return
        }
        if (!out.write(chunk)) {
          stream.pause()
          out.once('drain', () => stream.resume())
        }
      })
      stream.on('end', () => {
        if (failed || problems[name]) return
        if (bytes === 0) return drop('empty')
        if (!out) start()
        if (failed || !out || problems[name]) return
        out.end()
        files[name] = { path: temp, bytes, type: kind!.type, ext: kind!.ext }
      })
    })

    parser.on('error', (error: Error) => fail(/end of (form|file)/i.test(error.message) ? interrupted() : unreadableForm()))
    parser.on('close', () => {
      if (failed) return
      closed = true
      Promise.all(writes).then(() => {
        // A file that hit a problem after it was listed (a write error) is not kept.
        for (const name of Object.keys(problems)) delete files[name]
        resolve({ fields, files, problems, cleanup })
      })
    })
    // The whole body's bytes, as they come: without Content-Length (or with a false one) busboy would
    // read past the last part (an epilogue, parts past its limits) for as long as the client sends.
    let received = 0
    function count(chunk: Buffer) {
      received += chunk.length
      if (received > ceiling) fail(options.tooLarge())
    }
    req.on('data', count)
    req.on('error', () => fail(interrupted()))
    // The client went away before the body was complete (no 'end' will come to end the parser).
    req.on('close', () => {
      if (!req.complete) fail(interrupted())
    })
    req.pipe(parser)
  })
}
