/**
 * A PATCH body cut into parts held in memory, for tus on S3 (tus-s3-store.ts, issue 47). @tus/s3-store's
 * StreamSplitter writes each part to a temp file in small appends and the part is then read back from it:
 * two passes over the disk per byte, and a part's upload begins only once its file is closed. Here a
 * part is whole as soon as its last byte arrives and goes to the bucket from memory, while the next one
 * is still arriving.
 *
 * Memory is bounded by the caller: `begin` is awaited before the first byte of each part is taken (it
 * waits for a permit of the store's part semaphore), so a process holds at most that many parts. A part
 * cut short by a failed stream is dropped (`abandon`): its bytes were never acknowledged.
 */
import { Writable } from 'node:stream'

export interface PartCutterHooks {
  /** Awaited before a part takes its first byte (a permit to hold one more part in memory). */
  begin(): Promise<void>
  /** A part of `partSize` bytes, or the stream's last bytes at its end. */
  part(bytes: Buffer): void
  /** The stream failed while a part was begun: its bytes are dropped (give its permit back). */
  abandon(): void
}

export class PartCutter extends Writable {
  #pieces: Uint8Array[] = []
  #bytes = 0
  #begun = false

  constructor(
    private readonly partSize: number,
    private readonly hooks: PartCutterHooks,
  ) {
    super()
  }

  override async _write(chunk: Uint8Array, _encoding: BufferEncoding, callback: (error?: Error | null) => void): Promise<void> {
    try {
      let rest = chunk
      while (rest.length > 0) {
        if (!this.#begun) {
          await this.hooks.begin()
          // Destroyed while waiting for the permit: nothing holds it but this part, which will never fill.
          if (this.destroyed) {
            this.hooks.abandon()
            callback()
            return
          }
          this.#begun = true
        }
        const room = this.partSize - this.#bytes
        const piece = rest.length > room ? rest.subarray(0, room) : rest
        this.#pieces.push(piece)
        this.#bytes += piece.length
        rest = rest.subarray(piece.length)
        if (this.#bytes === this.partSize) this.#hand()
      }
      callback()
    } catch (error) {
      callback(error as Error)
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.#begun) this.#hand()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.#begun) {
      this.#begun = false
      this.#pieces = []
      this.#bytes = 0
      this.hooks.abandon()
    }
    callback(error)
  }

  #hand() {
    const bytes = Buffer.concat(this.#pieces, this.#bytes)
    this.#pieces = []
    this.#bytes = 0
    this.#begun = false
    this.hooks.part(bytes)
  }
}
