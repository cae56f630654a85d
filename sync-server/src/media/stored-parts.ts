/** A part's files in a bucket (variant-parts.ts has them on disk): each file's size by a look, then the bytes one after another. */
import { pipeline } from 'node:stream/promises'
import type { Response } from 'express'
import type { MediaStore } from '../storage/media-store.ts'

/** Each file's size by a look (HEAD), like statPart on disk; undefined when one is missing. */
export async function statStoredPart(store: MediaStore, variant: string, names: string[]) {
  const found = await Promise.all(names.map(async (name) => ({ name, file: `${variant}/${name}`, size: (await store.stat(`${variant}/${name}`))?.size })))
  return found.every((entry) => entry.size !== undefined) ? found.map((entry) => ({ ...entry, size: entry.size! })) : undefined
}

/** The files one after another, each from its own GET, cut to the size announced; a file gone cuts the answer. */
export async function streamStoredPart(store: MediaStore, res: Response, files: { file: string; size: number }[]) {
  try {
    for (const entry of files) {
      if (entry.size === 0) continue
      const body = await store.read(entry.file, { start: 0, end: entry.size - 1 })
      if (!body) throw new Error(`${entry.file} is gone`)
      await pipeline(body, res, { end: false })
    }
    res.end()
  } catch {
    res.destroy()
  }
}
