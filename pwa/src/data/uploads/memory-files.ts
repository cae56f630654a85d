/**
 * Files the device would not keep (Safari's private browsing refuses Blobs in IndexedDB), held in
 * this tab's memory instead so the upload still goes out; a closed tab loses them. Each is held under
 * a Web Lock for as long as this tab has it, so another tab can tell a file still held somewhere (leave
 * the item alone) from one lost with its tab (the item fails, saying so).
 */
import { tryLock, type Release, type TabLocks } from '../runtime/locks.ts'
import type { UploadBlob } from './upload-items.ts'

const lockName = (id: string) => `dehieu-upload-memory:${id}`

export function createMemoryFiles(locks: TabLocks) {
  const files = new Map<string, { blob: UploadBlob; release: Release | null }>()
  return {
    async keep(blob: UploadBlob): Promise<void> {
      files.set(blob.id, { blob, release: await tryLock(locks, lockName(blob.id)) })
    },
    get: (id: string): UploadBlob | undefined => files.get(id)?.blob,
    async drop(id: string): Promise<void> {
      const kept = files.get(id)
      files.delete(id)
      await kept?.release?.()
    },
    /** Whether no tab holds this file any longer (the tab it was chosen in was closed). */
    async lost(id: string): Promise<boolean> {
      if (files.has(id)) return false
      const release = await tryLock(locks, lockName(id))
      await release?.()
      return release !== null
    },
  }
}
