/**
 * Safari's private browsing refuses to keep a Blob in IndexedDB (issue 45 item 12): the upload then
 * goes out from the tab's memory rather than failing. fake-indexeddb is made to refuse the file's
 * record as those browsers do (its add throws), while the item's own record is still kept.
 */
import { Dexie, type EntityTable } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryLocks, type TabLocks } from '../runtime/locks.ts'
import { createUploadQueue, LOST_WITH_TAB, type SubmissionDetails, type UploadBlob, type UploadItem } from './upload-queue.ts'

type Options = Record<string, any>

/** tus-js-client as the queue drives it: records each upload's file and options; `succeed` ends one. */
function scriptedTus() {
  const uploads: Array<{ file: Blob; options: Options }> = []
  class Upload {
    url: string | null = null
    constructor(
      public file: Blob,
      public options: Options,
    ) {
      uploads.push({ file, options })
    }
    start() {}
    async abort() {}
  }
  return { module: { Upload } as never, uploads }
}

const details: SubmissionDetails = {
  title: 'Chợ',
  description: '',
  proficiency_level: 'beginner',
  language_code: 'vi',
  creator_emails: [],
  series_name: null,
  episode_number: null,
  release_confirmed: true,
  publishable: false,
}

type Db = Dexie & { items: EntityTable<UploadItem, 'id'>; blobs: EntityTable<UploadBlob, 'id'> }

function browser() {
  const db = new Dexie(`uploads-${Math.random()}`) as Db
  db.version(1).stores({ items: 'id, status', blobs: 'id' })
  return { db, locks: memoryLocks() }
}

/** One tab's queue over the browser's database and locks. */
function tab(shared: { db: Db; locks: TabLocks }, online = true) {
  const tus = scriptedTus()
  const created: string[] = []
  const state = { online }
  const queue = createUploadQueue({
    items: shared.db.items,
    blobs: shared.db.blobs,
    token: () => 'token-123',
    isOnline: () => state.online,
    locks: shared.locks,
    loadTus: async () => tus.module,
    createSubmission: async (_details, clientId) => (created.push(clientId), { ok: true, id: 100 + created.length }),
  })
  return { queue, tus, created, state }
}

const file = () => new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4' })

/** Makes IndexedDB refuse any record holding a Blob, as `name` (the item's own record is still kept). */
function refuseBlobs(name: 'DataCloneError' | 'QuotaExceededError' | 'UnknownError', message = 'The object could not be cloned.') {
  const original = IDBObjectStore.prototype.add
  const spy = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if ((value as { blob?: unknown } | null)?.blob instanceof Blob) throw new DOMException(message, name)
    return original.call(this, value, key)
  })
  return spy
}

describe('an upload the device will not keep', () => {
  let restore: (() => void) | undefined
  beforeEach(() => (restore = undefined))
  afterEach(() => restore?.())

  it.each([
    ['DataCloneError', 'The object could not be cloned.'],
    ['QuotaExceededError', 'The quota has been exceeded.'],
    ['UnknownError', 'Error preparing Blob/File data to be stored in object store'],
  ] as const)('goes out from memory when IndexedDB refuses the file (%s), and says so on the item', async (name, message) => {
    const spy = refuseBlobs(name, message)
    restore = () => spy.mockRestore()
    const shared = browser()
    const { queue, tus, created } = tab(shared)
    const chosen = file()
    const id = await queue.enqueue({ title: 'Chợ', file: chosen, details })
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(1))
    expect(spy).toHaveBeenCalled()
    expect(await shared.db.blobs.count()).toBe(0) // nothing of the file on the device
    expect(await shared.db.items.get(id)).toMatchObject({ inMemory: true, status: 'uploading', submissionId: 101 })
    expect(created).toEqual([id])
    // The very file chosen is what tus sends.
    expect(tus.uploads[0].file).toBe(chosen)
    tus.uploads[0].options.onSuccess()
    await vi.waitFor(async () => expect((await shared.db.items.get(id))?.status).toBe('processing'))
  })

  it('is left to the tab that holds it by another tab, which fails it only once that tab is gone', async () => {
    const spy = refuseBlobs('DataCloneError')
    restore = () => spy.mockRestore()
    const shared = browser()
    const first = tab(shared, false) // chosen offline: it waits, in this tab's memory
    const id = await first.queue.enqueue({ title: 'Chợ', file: file(), details })
    await vi.waitFor(async () => expect((await shared.db.items.get(id))?.status).toBe('waiting'))
    const second = tab(shared)
    await second.queue.resumeAll()
    await vi.waitFor(() => expect(second.queue.isRunning(id)).toBe(false))
    expect(second.tus.uploads).toEqual([])
    expect(await shared.db.items.get(id)).toMatchObject({ status: 'waiting', inMemory: true })
    first.state.online = true
    await first.queue.resumeAll()
    await vi.waitFor(() => expect(first.tus.uploads).toHaveLength(1))

    // An item kept in a tab that was closed before it was sent: no tab holds its file any more.
    const orphan = { ...(await shared.db.items.get(id))!, id: 'closed-tab-item', status: 'waiting' as const, submissionId: undefined }
    await shared.db.items.add(orphan)
    await second.queue.resumeAll()
    await vi.waitFor(async () => expect(await shared.db.items.get(orphan.id)).toMatchObject({ status: 'failed', error: LOST_WITH_TAB }))
    expect(second.tus.uploads).toEqual([])
  })

  it('is refused as before when the device will not keep even the item', async () => {
    const spy = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    restore = () => spy.mockRestore()
    const shared = browser()
    const { queue, tus } = tab(shared)
    await expect(queue.enqueue({ title: 'Chợ', file: file(), details })).rejects.toMatchObject({ name: expect.stringMatching(/Quota/) })
    spy.mockRestore()
    expect(await shared.db.items.count()).toBe(0)
    expect(tus.uploads).toEqual([])
  })
})
