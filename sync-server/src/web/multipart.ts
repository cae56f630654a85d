/**
 * Streams a multipart/form-data request: text fields into memory (small), each expected file straight
 * to a temp file in `dir` under a random name. A file is typed by sniffing its first bytes, and counted
 * as it arrives: past its limit or of the wrong type, the rest is drained and discarded (never
 * buffered) and the temp file removed, so the caller can answer with the right code. The caller moves
 * the files it keeps and calls `cleanup()` in every case; client file names are never used.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Request } from 'express'
import busboy from 'busboy'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { SNIFF_BYTES } from '../media/sniff.ts'

export interface FileSpec<T extends { type: string; ext: string }> {
  /** The largest size accepted, inclusive. */
  maxBytes: number
  sniff: (head: Buffer) => T | undefined
}

export interface ReceivedFile {
  path: string
  bytes: number
  type: string
  ext: string
}

export type FileProblem = 'too_large' | 'bad_type' | 'empty'

export interface MultipartResult {
  fields: Record<string, string>
  files: Record<string, ReceivedFile>
  problems: Record<string, FileProblem>
  cleanup(): void
}

const FIELD_MAX_BYTES = 64 * 1024
const MAX_FIELDS = 40

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
      return reject(new ApiError(400, 'bad_request', 'The form could not be read.'))
    }
    let failed = false
    const fail = (error: ApiError) => {
      if (failed) return
      failed = true
      req.unpipe(parser)
      req.resume()
      Promise.allSettled(writes).then(() => {
        cleanup()
        reject(error)
      })
    }

    parser.on('field', (name, value) => {
      if (Object.keys(fields).length < MAX_FIELDS) fields[name] = value
    })

    parser.on('file', (name, stream) => {
      const spec = options.files[name]
      if (!spec || files[name] || problems[name] || temps.some((t) => t.endsWith(`.${name}.part`))) {
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
      const open = () => {
        kind = spec.sniff(head)
        if (!kind) return drop('bad_type')
        temps.push(temp)
        out = fs.createWriteStream(temp, { flags: 'wx' })
        const opened = out
        writes.push(
          new Promise((done) => {
            opened.on('close', done)
            opened.on('error', () => {
              problems[name] ??= 'too_large'
              done()
            })
          }),
        )
        opened.write(head)
      }
      stream.on('data', (chunk: Buffer) => {
        if (problems[name]) return
        bytes += chunk.length
        if (bytes > spec.maxBytes) return drop('too_large')
        if (!out) {
          head = Buffer.concat([head, chunk])
          if (head.length >= SNIFF_BYTES) open()
          return
        }
        if (!out.write(chunk)) {
          stream.pause()
          out.once('drain', () => stream.resume())
        }
      })
      stream.on('end', () => {
        if (problems[name]) return
        if (bytes === 0) return drop('empty')
        if (!out) open()
        if (!out || problems[name]) return
        out.end()
        files[name] = { path: temp, bytes, type: kind!.type, ext: kind!.ext }
      })
    })

    parser.on('error', () => fail(new ApiError(400, 'bad_request', 'The form could not be read.')))
    parser.on('close', () => {
      if (failed) return
      Promise.all(writes).then(() => {
        // A file that hit a problem after it was listed (a write error) is not kept.
        for (const name of Object.keys(problems)) delete files[name]
        resolve({ fields, files, problems, cleanup })
      })
    })
    req.on('aborted', () => fail(new ApiError(400, 'bad_request', 'The upload was interrupted.')))
    req.on('error', () => fail(new ApiError(400, 'bad_request', 'The upload was interrupted.')))
    req.pipe(parser)
  })
}
