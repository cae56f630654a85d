/**
 * Streams a multipart/form-data request: text fields into memory (small), each expected file straight
 * to a temp file in `dir` under a random name. A file is typed by sniffing its first bytes, and counted
 * as it arrives: past its limit or of the wrong type, the rest is drained and discarded (never
 * buffered) and the temp file removed, so the caller can answer with the right code. The caller moves
 * the files it keeps and calls `cleanup()` in every case; client file names are never used.
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
import { checkedText } from './text.ts'

export interface FileSpec<T extends { type: string; ext: string }> {
  /** The largest size accepted, inclusive. */
  maxBytes: number
  sniff: (head: Buffer) => T | undefined
}

export type { ReceivedFile }

export type FileProblem = 'too_large' | 'bad_type' | 'empty'

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

export function readMultipart(
  req: Request,
  options: {
    dir: string
    files: Record<string, FileSpec<{ type: string; ext: string }>>
    /** Answered before reading when Content-Length is already above every limit together. */
    tooLarge: () => ApiError
  },
): Promise<MultipartResult> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the form as multipart/form-data.'))
  }
  const ceiling = Object.values(options.files).reduce((sum, spec) => sum + spec.maxBytes, 0) + MAX_FIELDS * FIELD_MAX_BYTES
  if (Number(req.headers['content-length'] ?? 0) > ceiling) {
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
      req.unpipe(parser)
      // Read off what the client still sends (into nothing), so the answer can reach it.
      req.resume()
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
      if (failed || !spec || files[name] || problems[name] || temps.some((t) => t.endsWith(`.${name}.part`))) {
        stream.resume() // an unexpected or repeated file part is read and dropped
        return
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
        if (!kind) return drop('bad_type')
        temps.push(temp)
        out = fs.createWriteStream(temp, { flags: 'wx' })
        const opened = out
        open.add(opened)
        writes.push(
          new Promise((done) => {
            opened.on('close', () => {
              open.delete(opened)
              done()
            })
            opened.on('error', () => {
              problems[name] ??= 'too_large'
              done()
            })
          }),
        )
        opened.write(head)
      }
      stream.on('data', (chunk: Buffer) => {
        if (failed || problems[name]) return
        bytes += chunk.length
        if (bytes > spec.maxBytes) return drop('too_large')
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
        if (!out || problems[name]) return
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
    req.on('error', () => fail(interrupted()))
    // The client went away before the body was complete (no 'end' will come to end the parser).
    req.on('close', () => {
      if (!req.complete) fail(interrupted())
    })
    req.pipe(parser)
  })
}
