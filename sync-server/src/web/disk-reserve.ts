/**
 * The free space kept on the disks uploads fill (DISK_RESERVE_BYTES, issue 29): every upload (tus
 * creation and each PATCH, application videos, thumbnails, captions) is refused with 507
 * `insufficient_storage` before a byte of it is read when one of those disks has less free space than
 * the reserve. Which disks: the store's staging folders (storage/stores.ts `stagingDirs`): DATA_DIR on
 * disk; with a bucket also the temporary folder @tus/s3-store stages parts in and the transcode scratch,
 * which fill while DATA_DIR may stay empty (issue 34). The reserve keeps room
 * for what must not fail for want of space: the database and its write-ahead log (every sign-in, watch
 * event and deletion writes), transcodes of uploads already accepted, and the logs (docs/operations.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'

export interface DiskReserve {
  /** Throws 507 when a watched disk has less free space than the reserve. */
  check(): void
  /** The same, as a handler ahead of an upload route. */
  guard: RequestHandler
}

/** Free bytes for an unprivileged writer on the disk holding `dir` (or its nearest existing parent). */
export function freeBytes(dir: string): number {
  let at = path.resolve(dir)
  for (;;) {
    try {
      const stats = fs.statfsSync(at)
      return stats.bavail * stats.bsize
    } catch (error) {
      const parent = path.dirname(at)
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error
      at = parent
    }
  }
}

export function createDiskReserve(dirs: readonly string[], reserveBytes: number, free: (dir: string) => number = freeBytes): DiskReserve {
  const check = () => {
    if (reserveBytes <= 0 || dirs.every((dir) => free(dir) >= reserveBytes)) return
    throw new ApiError(507, ERROR_CODES.insufficientStorage, 'The server is short of storage space right now. Please try again later.', {
      headers: { 'Retry-After': '3600' },
    })
  }
  return {
    check,
    guard: (_req, _res, next) => {
      check()
      next()
    },
  }
}
