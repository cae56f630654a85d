/** The media store on the local disk: key `a/b/c` is DATA_DIR/a/b/c (the layout of before issue 34). */
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { checkKey, type MediaStore, type StoredObject } from './media-store.ts'

export function createDiskStore(root: string): MediaStore {
  const pathOf = (key: string) => path.join(root, checkKey(key))

  async function statOf(key: string): Promise<StoredObject | undefined> {
    const file = pathOf(key)
    try {
      const stat = await fs.promises.stat(file)
      return stat.isFile() ? { key, size: stat.size, modifiedMs: stat.mtimeMs } : undefined
    } catch {
      return undefined
    }
  }

  async function moveFile(from: string, to: string) {
    await fs.promises.mkdir(path.dirname(to), { recursive: true })
    try {
      await fs.promises.rename(from, to)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      await fs.promises.copyFile(from, to)
      await fs.promises.rm(from, { force: true })
    }
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries: fs.Dirent[]
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue // partial folders and sidecars are not objects
      const key = prefix ? `${prefix}/${entry.name}` : entry.name
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key)
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(path.join(dir, entry.name)).catch(() => undefined)
        if (stat) yield { key, size: stat.size, modifiedMs: stat.mtimeMs }
      }
    }
  }

  return {
    kind: 'disk',
    localPath: pathOf,
    putFile: (key, file) => moveFile(file, pathOf(key)),
    async putDir(prefix, dir) {
      const target = pathOf(prefix)
      await fs.promises.rm(target, { recursive: true, force: true })
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      // One rename: no reader (nor nginx over DATA_DIR) ever sees half a folder.
      await fs.promises.rename(dir, target)
    },
    stat: statOf,
    async read(key, range) {
      if (!(await statOf(key))) return undefined
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
    },
    async readText(key) {
      const file = pathOf(key)
      try {
        return await fs.promises.readFile(file, 'utf8')
      } catch {
        return undefined
      }
    },
    async download(key, file) {
      if (!(await statOf(key))) return false
      await pipeline(fs.createReadStream(pathOf(key)), fs.createWriteStream(file))
      return true
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true })
    },
    async removePrefix(prefix) {
      let count = 0
      for await (const _ of walk(pathOf(prefix), prefix)) count++
      await fs.promises.rm(pathOf(prefix), { recursive: true, force: true })
      return count
    },
    list: (prefix) => walk(prefix ? pathOf(prefix) : root, prefix),
  }
}
