/**
 * Parts: several consecutive files of one rendition in one response, for downloads.
 *
 *   GET /media/g/<grant>/v360p/part?from=<i>&count=<n>
 *
 * A browser pays for every request (connection slot, headers, a Cache Storage entry to commit), so a
 * download of fifty small segments costs far more than one plain request for the same bytes. A part
 * carries up to MEDIA_PART_MAX_FILES files; the download stores each part as one cache entry and plays it
 * back through byte ranges.
 *
 * Files are numbered as the variant playlist lists them: the EXT-X-MAP init file first, then the media
 * segments in order. The answer's X-Part-Files header names each file and its size in order
 * (`init.mp4=812,seg_000.m4s=40211`), so the client knows where each file sits in the bytes, and a
 * stored part alone is enough to rebuild the playlist of a resumed download.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ServerResponse } from 'node:http'
import { MEDIA_PART_MAX_FILES } from '../../../contract/index.ts'
import { segmentUris } from './preview-playlist.ts'


// Only names the transcoder writes, and never a path: a playlist is ours, but a part must not be a
// way to read any other file should one ever say otherwise.
const VARIANT_FILE = /^(init(_\d+)?\.mp4|seg_\d{1,6}\.m4s)$/
const WHOLE_NUMBER = /^\d{1,6}$/
const PART_READ_CHUNK = 1024 * 1024

/** The files of a variant playlist in part order (init first), or undefined when one is not ours. */
export function variantFiles(playlist: string): string[] | undefined {
  const map = /^#EXT-X-MAP:(.*)$/m.exec(playlist)
  const init = map ? /URI="([^"]*)"/.exec(map[1])?.[1] : null
  if (init === undefined) return undefined // a map without a file: not a playlist we wrote
  const files = [...(init === null ? [] : [init]), ...segmentUris(playlist)]
  return files.every((file) => VARIANT_FILE.test(file)) ? files : undefined
}

export type PartRange = { from: number; count: number }

/** `from` and `count` from the query string: whole numbers, count 1..MEDIA_PART_MAX_FILES. */
export function parsePartRange(query: Record<string, unknown>): PartRange | undefined {
  const { from, count } = query
  if (typeof from !== 'string' || typeof count !== 'string' || !WHOLE_NUMBER.test(from) || !WHOLE_NUMBER.test(count)) return undefined
  const range = { from: Number(from), count: Number(count) }
  return range.count >= 1 && range.count <= MEDIA_PART_MAX_FILES ? range : undefined
}

export interface PartFile {
  name: string
  file: string
  size: number
}

/** The files of a part with their sizes now, or undefined when one is missing. */
export async function statPart(folder: string, names: string[]): Promise<PartFile[] | undefined> {
  try {
    return await Promise.all(
      names.map(async (name) => {
        const file = path.join(folder, name)
        const stat = await fs.promises.stat(file)
        if (!stat.isFile()) throw new Error('not a file')
        return { name, file, size: stat.size }
      }),
    )
  } catch {
    return undefined
  }
}

export const partFilesHeader = (files: PartFile[]) => files.map((entry) => `${entry.name}=${entry.size}`).join(',')

/** A file up to this size is read whole, ahead of its turn; a larger one is streamed in chunks. */
const READ_AHEAD_MAX_BYTES = 8 * 1024 * 1024

/**
 * Writes the files one after another into the response. The next file is read (whole, in the
 * thread pool) while the current one is being sent, so the socket never waits for a file to open:
 * a part of a dozen segments read file by file paid an open and a first read between every two of
 * them. At most two files are held at once (segments are a few MB; a larger file is streamed in
 * chunks instead). A file that vanished or shrank since it was measured destroys the response: the
 * client sees a body shorter than its Content-Length and stores nothing. Answers once the last byte
 * is handed over.
 */
export async function streamPart(res: ServerResponse, files: PartFile[]): Promise<void> {
  const read = (entry: PartFile): Promise<Buffer | null> => {
    if (entry.size === 0 || entry.size > READ_AHEAD_MAX_BYTES) return Promise.resolve(null)
    return fs.promises.readFile(entry.file)
  }
  let next = files.length > 0 ? read(files[0]!) : undefined
  // A read-ahead whose turn never comes (the client left) must not be an unhandled rejection.
  next?.catch(() => undefined)
  try {
    for (let index = 0; index < files.length; index++) {
      const entry = files[index]!
      const current = next!
      next = index + 1 < files.length ? read(files[index + 1]!) : undefined
      next?.catch(() => undefined)
      if (entry.size === 0) continue
      const bytes = await current
      if (bytes === null) {
        await pipeOne(res, entry)
        continue
      }
      if (bytes.length < entry.size) throw new Error(`${entry.name} changed while it was sent`)
      if (res.destroyed) throw new Error('client went away')
      // A file that grew since it was measured is capped, as Content-Length says.
      if (!res.write(bytes.length === entry.size ? bytes : bytes.subarray(0, entry.size))) await drained(res)
    }
    res.end()
  } catch {
    res.destroy()
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      res.off('close', onClose)
      resolve()
    }
    const onClose = () => {
      res.off('drain', onDrain)
      reject(new Error('client went away'))
    }
    res.once('drain', onDrain)
    res.once('close', onClose)
  })
}

function pipeOne(res: ServerResponse, entry: PartFile): Promise<void> {
  return new Promise((resolve, reject) => {
    // `end` caps a file that grew since it was measured; one that shrank is caught by bytesRead.
    // Read in 1 MB chunks rather than the default 64 KB: a part is megabytes sent to one reader, and
    // each chunk costs a read and a socket write.
    const source = fs.createReadStream(entry.file, { start: 0, end: entry.size - 1, highWaterMark: PART_READ_CHUNK })
    const gone = () => {
      source.destroy()
      reject(new Error('client went away'))
    }
    const done = () => {
      res.off('close', gone)
      if (source.bytesRead === entry.size) resolve()
      else reject(new Error(`${entry.name} changed while it was sent`))
    }
    res.once('close', gone)
    source.once('error', (error) => {
      res.off('close', gone)
      reject(error)
    })
    source.once('end', done)
    source.pipe(res, { end: false })
  })
}
