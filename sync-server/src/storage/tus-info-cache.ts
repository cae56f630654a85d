/**
 * The `.info` of tus uploads kept in memory for tus-s3-store.ts (issue 47): each PATCH read it from the
 * bucket five times. It holds with several API processes: what it says never changes once the size is
 * known, and an upload another process finished or removed is noticed by ListParts, after which the
 * store clears it and reads the `.info` again.
 */
import type { MetadataValue } from '@tus/s3-store'
import type { KvStore } from '@tus/server'

/**
 * The `.info` of uploads this process has seen, at most `max` (the oldest used forgotten first). Only
 * uploads whose size is known: a deferred length is declared later, maybe by another process.
 */
export class InfoCache implements KvStore<MetadataValue> {
  readonly #entries = new Map<string, MetadataValue>()
  constructor(private readonly max = 1000) {}
  async get(id: string) {
    const value = this.#entries.get(id)
    if (value) {
      this.#entries.delete(id)
      this.#entries.set(id, value)
    }
    return value
  }
  async set(id: string, value: MetadataValue) {
    if (value.file.size === undefined) return
    this.#entries.delete(id)
    this.#entries.set(id, value)
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!)
  }
  async delete(id: string) {
    this.#entries.delete(id)
  }
  async list() {
    return [...this.#entries.keys()]
  }
}
