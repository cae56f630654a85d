/**
 * @tus/s3-store 2.0.7 with PATCHes that a killed process cannot make lose acknowledged bytes (issue 34).
 *
 * A PATCH whose end is less than an S3 part (5 MiB) leaves that tail as the object `<id>.part`. At the
 * start of the next PATCH the library downloads it, DELETES it, and only then uploads it again at the head
 * of the new part (`S3Store.write`: `downloadIncompletePart`, `deleteIncompletePart`, `uploadParts`). A
 * process killed (or an S3 request failing) between the delete and the new part lost bytes HEAD had
 * already acknowledged: HEAD said 0 after 3.7 MB had been accepted. Its parts of one PATCH are also sent
 * at once, so a later part (or the new tail) could land while an earlier one was still missing.
 *
 * Here:
 * - the old `.part` stays until its replacement is stored: a new `.part` overwrites it in one PUT; a part
 *   that took it in makes it stale, and it is deleted only after that part is stored;
 * - every `.part` carries the part number it precedes (`x-amz-meta-precedes-part`). It counts only while
 *   the parts stored end just before that number; once that part exists its bytes are in the part, and the
 *   `.part` is ignored (and replaced or deleted by the next PATCH);
 * - the parts of one PATCH are stored side by side (issue 47: one at a time, a tus upload reached 0.30 of
 *   the SDK's rate), its tail once they all are, and the offset counts only the parts numbered 1, 2, 3…
 *   without a gap (a part stored past a gap holds the very bytes the resumed PATCH sends there: #uploadParts);
 * so the offset reported is always bytes the bucket truly holds, in order, and a resumed upload is exact.
 *
 * A process killed after the last part was stored but before CompleteMultipartUpload left every byte in
 * parts and the multipart upload open: HEAD counted the whole size, tus-js-client sent nothing more, and
 * the object was never assembled. Here an upload found with all its bytes in parts is completed where it
 * is found (getUpload, so HEAD and PATCH; `completeIfStored` for the uploads service's start-up recovery
 * and periodic sweep) before anyone is told it is done, and `whole` is told (the server records the
 * finish and queues the processing job, once: see uploads.service.ts). Completing is idempotent: two
 * processes may find the same upload at once, and the one that loses finds the object assembled (or is
 * told so by the gateway) and goes on as if it had completed it; a completed upload is never completed
 * again (its multipart upload is gone: ListParts answers NoSuchUpload).
 *
 * Each PATCH read `<id>.info` five times; it is kept in memory (tus-info-cache.ts), which holds with
 * several API processes: what it says never changes once the size is known, and an upload another
 * process finished or removed is noticed by ListParts, after which the `.info` is read again. A PATCH
 * also listed its parts and looked for the `.part` twice (getUpload, then write): write now takes what
 * getUpload found under the same lock (#seen).
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Part } from '@aws-sdk/client-s3'
import { S3Store, type MetadataValue, type Options } from '@tus/s3-store'
import { ERRORS, Upload } from '@tus/server'
import { PartCutter } from './part-cutter.ts'
import { InfoCache } from './tus-info-cache.ts'

/** The size of the parts PATCHes are cut into (the last piece of an upload may be shorter). */
export const TUS_PART_BYTES = 8 * 1024 * 1024
/** S3's smallest part but the last: a PATCH's last piece shorter than this is kept as the `.part`. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024

/**
 * Parts a process holds in memory at once, across its uploads (each from its first byte until stored):
 * 16 × 8 MiB = 128 MiB at most. The SDK's own multipart upload sends 4 at a time; one upload gets them all
 * while it is alone.
 */
const TUS_PARTS_IN_MEMORY = 16

/** S3 user metadata on a `.part`: the number of the part its bytes will open. */
const PRECEDES_PART = 'precedes-part'

const missing = (error: unknown, names = ['NotFound', 'NoSuchKey', 'NoSuchUpload']) => {
  const e = error as { name?: string; Code?: string }
  return names.includes(e?.name ?? '') || names.includes(e?.Code ?? '')
}
/** The multipart upload is gone: completed (or aborted). `NotFound` alone is any 404 without an S3 code. */
const uploadGone = (error: unknown) => missing(error, ['NoSuchKey', 'NoSuchUpload'])

/** A failed completion (another process completing the same upload?) is looked at again this often. */
const COMPLETE_RECHECK_MS = 250
const COMPLETE_ATTEMPTS = 4

const bytesIn = (parts: Part[]) => parts.reduce((sum, part) => sum + (part.Size ?? 0), 0)
const lastNumber = (parts: Part[]) => parts.at(-1)?.PartNumber ?? 0

/** The parts numbered 1, 2, 3… up to the first gap (sorted by number). */
export function consecutiveParts(parts: Part[]): Part[] {
  const run: Part[] = []
  for (const part of parts) {
    if (part.PartNumber !== run.length + 1) break
    run.push(part)
  }
  return run
}

/** Whether a `.part` with this metadata holds the bytes right after part `next - 1`. */
export function tailFits(metadata: Record<string, string> | undefined, next: number): boolean {
  const tag = metadata?.[PRECEDES_PART]
  // A `.part` without the tag was written before this store: the library deleted the old one before it
  // stored any part, so a `.part` it left always follows the parts stored.
  if (tag === undefined) return true
  return Number(tag) === next
}

/** These bytes, then the stream's. */
function concat(first: Buffer, rest: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield first
      yield* rest
    })(),
    { objectMode: false },
  )
}

export class DurableS3Store extends S3Store {
  constructor(options: Options) {
    super({ partSize: TUS_PART_BYTES, minPartSize: S3_MIN_PART_BYTES, maxConcurrentPartUploads: TUS_PARTS_IN_MEMORY, cache: new InfoCache(), ...options })
  }

  /** Uploads whose last listing held parts past the first gap (a PATCH that died with a later part stored). */
  readonly #strays = new Set<string>()

  /**
   * What getUpload last found of an upload (its parts and its `.part`), taken by the write that follows
   * it: @tus/server's PATCH calls getUpload and then write under the upload's lock (shared by every
   * process), so nothing can store a part in between, and write need not list the parts and look for
   * the `.part` again (two of a PATCH's round trips to the gateway, issue 47). Used only when it
   * answers the very offset write is given: a listing begun earlier elsewhere (HEAD, the sweep) that
   * ended in between would answer an older, smaller one, and write then lists again.
   */
  readonly #seen = new Map<string, { offset: number; parts: Part[]; tail: { exists: boolean; fits: boolean } }>()

  /** Only the parts 1, 2, 3… without a gap count (a part past a gap holds bytes whose place is unknown). */
  protected override async retrieveParts(id: string, partNumberMarker?: string): Promise<Part[]> {
    const parts = await super.retrieveParts(id, partNumberMarker)
    if (partNumberMarker) return parts // a later page, joined and cut by the first call
    const run = consecutiveParts(parts)
    if (run.length < parts.length) this.#strays.add(id)
    else this.#strays.delete(id)
    return run
  }

  /**
   * Told once an upload is found whole that its own PATCH did not finish: completed here, or before but
   * maybe never reported (killed between CompleteMultipartUpload and tus's finish hook). Idempotent.
   */
  protected async whole(_upload: Upload): Promise<void> {}

  override async getUpload(id: string): Promise<Upload> {
    const info = async () => {
      try {
        return await this.getMetadata(id)
      } catch {
        throw ERRORS.FILE_NOT_FOUND
      }
    }
    let metadata = await info()
    const asWhole = () => new Upload({ ...metadata.file, offset: metadata.file.size ?? 0, size: metadata.file.size, metadata: metadata.file.metadata, storage: metadata.file.storage })
    let parts: Part[]
    try {
      parts = await this.retrieveParts(id)
    } catch (error) {
      if (!uploadGone(error)) throw error
      // Complete, or removed (maybe by another process, while this one kept its `.info`): read it again.
      await this.clearCache(id)
      metadata = await info()
      // The multipart upload is complete: the object is the whole upload.
      const upload = asWhole()
      if (upload.size !== undefined && (await this.#objectHolds(id, upload.size))) await this.whole(upload)
      return upload
    }
    if (metadata.file.size !== undefined && bytesIn(parts) === metadata.file.size) {
      // Every byte is stored but the object was never assembled (a process stopped before completing it).
      await this.#complete(metadata, parts)
      const upload = asWhole()
      await this.whole(upload)
      return upload
    }
    let tail = 0
    const seenTail = { exists: false, fits: false }
    try {
      const head = await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(id, true) })
      seenTail.exists = true
      seenTail.fits = tailFits(head.Metadata, lastNumber(parts) + 1)
      if (seenTail.fits) tail = head.ContentLength ?? 0
    } catch (error) {
      if (!missing(error)) throw error
    }
    const offset = bytesIn(parts) + tail
    this.#remember(id, { offset, parts, tail: seenTail })
    return new Upload({ ...metadata.file, offset, size: metadata.file.size, storage: metadata.file.storage })
  }

  /**
   * The upload's size once it is one whole object, completing it first when every byte is stored in parts;
   * undefined while bytes are missing (or its size is not declared yet, or it is gone). Tells no one.
   */
  async completeIfStored(id: string): Promise<number | undefined> {
    let metadata: MetadataValue
    try {
      metadata = await this.getMetadata(id)
    } catch (error) {
      if (missing(error)) return undefined
      throw error
    }
    const size = metadata.file.size
    if (size === undefined) return undefined
    let parts: Part[]
    try {
      parts = await this.retrieveParts(id)
    } catch (error) {
      if (!uploadGone(error)) throw error
      await this.clearCache(id)
      return (await this.#objectHolds(id, size)) ? size : undefined
    }
    if (bytesIn(parts) !== size) return undefined
    await this.#complete(metadata, parts)
    return size
  }

  /** Kept for the write that follows (#seen); a getUpload never followed by one (HEAD) is forgotten among the oldest. */
  #remember(id: string, seen: { offset: number; parts: Part[]; tail: { exists: boolean; fits: boolean } }) {
    this.#seen.delete(id)
    this.#seen.set(id, seen)
    if (this.#seen.size > 1000) this.#seen.delete(this.#seen.keys().next().value!)
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const metadata = await this.getMetadata(id)
    const seen = this.#seen.get(id)
    this.#seen.delete(id)
    const fresh = seen?.offset === offset ? seen : undefined
    const parts = fresh?.parts ?? (await this.retrieveParts(id))
    const next = lastNumber(parts) + 1
    // No `.part` a moment ago under this same lock: none now. One there is downloaded (its bytes open the next part).
    const tail = fresh && !fresh.tail.exists ? { exists: false } : await this.#downloadTail(id, next)
    const before = bytesIn(parts)
    // The offset the PATCH was checked against came from getUpload: another process may have written since.
    if (before + (tail.bytes?.length ?? 0) !== offset) throw ERRORS.INVALID_OFFSET
    const source = tail.bytes ? concat(tail.bytes, src) : src
    const strays = this.#strays.has(id)
    const { bytes, tailWritten } = await this.#uploadParts(metadata, source, next, before, strays)
    // The old `.part` is in part `next` now (or was stale): its replacement is stored, so it can go.
    if (tail.exists && !tailWritten) await this.deleteIncompletePart(id)
    let newOffset = before + bytes
    // Parts left past a gap that this PATCH closed count from now on: the client goes on after them.
    if (strays && newOffset !== metadata.file.size) newOffset = Math.max(newOffset, (await this.getUpload(id)).offset)
    if (metadata.file.size === newOffset) {
      let parts: Part[] | undefined
      try {
        parts = await this.retrieveParts(id)
      } catch (error) {
        // Another process found every byte stored and completed it first (its sweep, say).
        if (!uploadGone(error) || !(await this.#objectHolds(id, newOffset))) throw error
        await this.clearCache(id)
      }
      if (parts) await this.#complete(metadata, parts)
    }
    return newOffset
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.deleteIncompletePart(id)
  }

  /**
   * CompleteMultipartUpload with these parts (every byte of the upload), then a `.part` left over (stale:
   * its bytes are in a part) is deleted. Idempotent: when the completion fails, the upload may have been
   * completed by another process, or be in the middle of it (a gateway may refuse a second completion
   * while one runs), so it looks again a few times before giving up; the object found whole counts as
   * done here. (Ceph 16 answered 200 to each of three processes completing one upload at once.)
   */
  async #complete(metadata: MetadataValue, parts: Part[]): Promise<void> {
    const id = metadata.file.id
    const size = metadata.file.size ?? 0
    for (let attempt = 1; ; attempt++) {
      try {
        await this.finishMultipartUpload(metadata, parts)
        break
      } catch (error) {
        if (await this.#objectHolds(id, size)) break
        if (attempt >= COMPLETE_ATTEMPTS) throw error
        await new Promise((resolve) => setTimeout(resolve, COMPLETE_RECHECK_MS * attempt))
        try {
          parts = await this.retrieveParts(id)
        } catch (listing) {
          // Gone since: completed by the other process (the object is checked on the next turn) or removed.
          if (!uploadGone(listing)) throw listing
        }
      }
    }
    await this.completeMetadata(metadata.file)
    await this.deleteIncompletePart(id)
    await this.clearCache(id)
  }

  /** Whether the upload's object exists with all its bytes (the multipart upload was completed). */
  async #objectHolds(id: string, size: number): Promise<boolean> {
    try {
      const head = await this.client.headObject({ Bucket: this.bucket, Key: id })
      return head.ContentLength === size
    } catch (error) {
      if (missing(error)) return false
      throw error
    }
  }

  /** The `.part`, downloaded when it is the one that follows the parts stored (`next - 1`): shorter than a part, kept in memory. */
  async #downloadTail(id: string, next: number): Promise<{ exists: boolean; bytes?: Buffer }> {
    let answer
    try {
      answer = await this.client.getObject({ Bucket: this.bucket, Key: this.partKey(id, true) })
    } catch (error) {
      if (missing(error)) return { exists: false }
      throw error
    }
    const body = answer.Body as Readable
    if (!tailFits(answer.Metadata, next)) {
      body.destroy()
      return { exists: true }
    }
    const pieces: Buffer[] = []
    for await (const piece of body) pieces.push(piece as Buffer)
    return { exists: true, bytes: Buffer.concat(pieces) }
  }

  /**
   * The stream cut into parts from `firstPart` on, stored at once, side by side (as many as the part
   * semaphore lets: the AWS SDK's own multipart upload sends 4 at a time); a last piece shorter than a
   * part (and not the upload's end) becomes the `.part`, tagged with its part number, stored only once
   * every part before it is, because it replaces the old `.part` whose bytes open part `firstPart`.
   * A PATCH cut short may leave a later part stored and an earlier one missing: the offset counts up to
   * the gap, and the next PATCH stores those parts again. So that a part left past a gap (`strays`) is
   * always where its bytes belong, every part below it is `partSize` long: while one is there, a piece
   * shorter than that is kept as the `.part` (of any size) instead.
   * Parts are held in memory (part-cutter.ts), each from its first byte until it is stored, under a permit
   * of the part semaphore: at most `maxConcurrentPartUploads` parts per process.
   */
  async #uploadParts(metadata: MetadataValue, source: Readable, firstPart: number, startOffset: number, strays: boolean): Promise<{ bytes: number; tailWritten: boolean }> {
    const size = metadata.file.size
    const partSize = this.calcOptimalPartSize(size)
    let partNumber = firstPart
    let offset = startOffset
    let bytes = 0
    let tailWritten = false
    const stored: Array<Promise<void>> = []
    let permit: { release(): Promise<void> } | undefined
    const cutter = new PartCutter(partSize, {
      begin: async () => {
        permit = await this.partUploadSemaphore.acquire()
      },
      abandon: () => {
        permit?.release().catch(() => undefined)
        permit = undefined
      },
      part: (body) => {
        const number = partNumber++
        offset += body.length
        const isLast = size === offset
        const held = permit
        permit = undefined
        const asPart = isLast || body.length >= (strays ? partSize : this.minPartSize)
        // The `.part` waits for every part of this PATCH; a part waits for nothing.
        const before = asPart ? Promise.resolve() : Promise.all([...stored])
        const done = (async () => {
          try {
            await before
            if (asPart) {
              await this.client.uploadPart({ Bucket: this.bucket, Key: metadata.file.id, UploadId: metadata['upload-id'], PartNumber: number, Body: body })
            } else {
              await this.client.putObject({
                Bucket: this.bucket,
                Key: this.partKey(metadata.file.id, true),
                Body: body,
                Metadata: { [PRECEDES_PART]: String(number) },
                Tagging: this.useCompleteTag('false'),
              })
              tailWritten = true
            }
            bytes += body.length
          } finally {
            held?.release().catch(() => undefined)
          }
        })()
        done.catch((error: unknown) => cutter.destroy(error as Error))
        stored.push(done)
      },
    })
    let failure: unknown
    try {
      await pipeline(source, cutter)
    } catch (error) {
      failure = error ?? new Error('the PATCH body failed')
    }
    // Nothing keeps running once this returns; a part's own error outranks the cutter it destroyed.
    const outcomes = await Promise.allSettled(stored)
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected')
    if (rejected) throw rejected.reason
    if (failure) throw failure
    return { bytes, tailWritten }
  }
}
