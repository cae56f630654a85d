/**
 * The queue's own bookkeeping, with tus-js-client replaced by a scripted stand-in (the real client
 * against the real server is exercised end to end in e2e/uploads.spec.ts).
 */
import { Blob as NodeBlob } from 'node:buffer'
import { Dexie, type EntityTable } from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { memoryLocks } from '../runtime/locks.ts'
import { createUploadQueue, type CreateSubmissionResult, type SendCaptionsResult, type SubmissionDetails, type UploadBlob, type UploadItem } from './upload-queue.ts'

type Options = Record<string, any>

function scriptedTus() {
  const uploads: Array<{ options: Options; started: boolean; aborted: boolean | null; instance: { url: string | null } }> = []
  class Upload {
    url: string | null = null
    record: (typeof uploads)[number]
    constructor(_file: Blob, public options: Options) {
      this.record = { options, started: false, aborted: null, instance: this }
      uploads.push(this.record)
    }
    start() {
      this.record.started = true
    }
    async abort(terminate: boolean) {
      this.record.aborted = terminate
    }
  }
  return { module: { Upload } as never, uploads }
}

/**
 * POST /submissions as the server answers it: one submission per client_id (a repeat gets the first
 * id back), unless an answer is scripted for the next call.
 */
function submissionsServer() {
  const byClientId = new Map<string, number>()
  const calls: Array<{ details: SubmissionDetails; clientId: string }> = []
  const scripted: CreateSubmissionResult[] = []
  const discarded: number[] = []
  let hold: Promise<void> | null = null
  const createSubmission = vi.fn(async (details: SubmissionDetails, clientId: string): Promise<CreateSubmissionResult> => {
    calls.push({ details, clientId })
    if (hold) await hold
    const answer = scripted.shift()
    if (answer) return answer
    if (!byClientId.has(clientId)) byClientId.set(clientId, 100 + byClientId.size)
    return { ok: true, id: byClientId.get(clientId)! }
  })
  return {
    createSubmission,
    discardSubmission: async (id: number) => void discarded.push(id),
    calls,
    discarded,
    created: () => byClientId.size,
    answerNext: (answer: CreateSubmissionResult) => void scripted.push(answer),
    /** The next answers wait until `release()`. */
    holdAnswers: () => {
      let release!: () => void
      hold = new Promise((resolve) => (release = resolve))
      return () => {
        hold = null
        release()
      }
    },
  }
}

const details = (title = 'Chợ'): SubmissionDetails => ({
  title,
  description: '',
  proficiency_level: 'beginner',
  language_code: 'vi',
  creator_emails: [],
  series_name: null,
  episode_number: null,
  release_confirmed: true,
  publishable: false,
})

function setup(options: { online?: boolean; token?: () => string | null; sendCaptions?: (id: number, language: 'vi' | 'yue' | 'en', bytes: Blob) => Promise<SendCaptionsResult> } = {}) {
  const db = new Dexie(`uploads-${Math.random()}`) as Dexie & { items: EntityTable<UploadItem, 'id'>; blobs: EntityTable<UploadBlob, 'id'> }
  db.version(1).stores({ items: 'id, status', blobs: 'id' })
  const tus = scriptedTus()
  let online = options.online ?? true
  const onUnauthorized = vi.fn()
  const server = submissionsServer()
  const queue = createUploadQueue({
    items: db.items,
    blobs: db.blobs,
    token: options.token ?? (() => 'token-123'),
    onUnauthorized,
    isOnline: () => online,
    loadTus: async () => tus.module,
    createSubmission: server.createSubmission,
    discardSubmission: server.discardSubmission,
    sendCaptions: options.sendCaptions,
  })
  return { db, tus, queue, onUnauthorized, server, goOnline: () => void (online = true), goOffline: () => void (online = false) }
}

/** Node's own Blob: IndexedDB's stand-in keeps it whole through storage (happy-dom's would come back empty). */
const bytesOf = (text: string) => new NodeBlob([text]) as unknown as Blob
const file = () => new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4' })
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
/** Until `count` uploads have started (each first takes its lock and reads its item again). */
const started = (tus: ReturnType<typeof scriptedTus>, count: number) =>
  vi.waitFor(() => expect(tus.uploads.filter((upload) => upload.started)).toHaveLength(count))

describe('the upload queue', () => {
  it('stores the file and details first, then uploads with our fingerprint, metadata and a fresh token', async () => {
    const { db, tus, queue } = setup()
    const id = await queue.enqueue({ submissionId: 7, title: 'Chợ', file: file() })
    await started(tus, 1)
    expect(await db.blobs.get(id)).toBeDefined()
    const [upload] = tus.uploads
    expect(upload.started).toBe(true)
    expect(await upload.options.fingerprint()).toBe(`dehieu-upload-${id}`)
    expect(upload.options.metadata).toEqual({ submission_id: '7', filename: 'clip.mp4', filetype: 'video/mp4' })
    const headers: Record<string, string> = {}
    upload.options.onBeforeRequest({ setHeader: (name: string, value: string) => (headers[name] = value) })
    // The same session headers as every API call (request-headers.ts): the bearer token and the time zone.
    expect(headers).toEqual({ Authorization: 'Bearer token-123', 'X-Time-Zone': expect.any(String) })
    upload.options.onProgress(500, 1000)
    await settle()
    expect(await db.items.get(id)).toMatchObject({ status: 'uploading', bytesSent: 500 })
  })

  it('going offline leaves the item waiting, even when a progress event already on its way lands after', async () => {
    const { db, tus, queue, goOffline } = setup()
    const id = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(tus, 1)
    const [upload] = tus.uploads
    upload.options.onProgress(170, 1000)
    goOffline() // navigator.onLine is false by the time the 'offline' event runs suspend
    const suspended = queue.suspend(id)
    upload.options.onProgress(180, 1000) // sent before the stop reached tus
    await suspended
    await settle()
    expect(await db.items.get(id)).toMatchObject({ status: 'waiting', speed: 0 })
  })

  it('waits while offline and starts when asked again online', async () => {
    const { db, tus, queue, goOnline } = setup({ online: false })
    const id = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect(tus.uploads).toHaveLength(0)
    expect((await db.items.get(id))?.status).toBe('waiting')
    goOnline()
    await queue.resumeAll()
    expect(tus.uploads).toHaveLength(1)
  })

  it('keeps the upload URL on the item so a restart resumes from the server offset', async () => {
    const { db, tus, queue } = setup()
    const id = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(tus, 1)
    const first = tus.uploads[0]
    first.instance.url = '/api/v1/uploads/abc' // tus learns the URL at creation
    first.options.onUploadUrlAvailable()
    await settle()
    expect((await db.items.get(id))?.uploadUrl).toBe('/api/v1/uploads/abc')
    first.options.onError(new Error('network down'))
    await settle()
    expect((await db.items.get(id))?.status).toBe('waiting')
    await queue.resumeAll()
    expect(tus.uploads).toHaveLength(2)
    expect(tus.uploads[1].options.uploadUrl).toBe('/api/v1/uploads/abc')
  })

  it('marks final refusals as failed with a reason, and success as processing with the bytes dropped', async () => {
    const { db, tus, queue } = setup()
    const refused = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    const accepted = await queue.enqueue({ submissionId: 2, title: 'y', file: file() })
    await started(tus, 2)
    tus.uploads[0].options.onError({ originalResponse: { getStatus: () => 413 } })
    tus.uploads[1].options.onSuccess()
    await settle()
    expect(await db.items.get(refused)).toMatchObject({ status: 'failed', error: 'too_large' })
    expect(await db.items.get(accepted)).toMatchObject({ status: 'processing' })
    expect(await db.blobs.get(accepted)).toBeUndefined()
    expect(tus.uploads[0].options.onShouldRetry({ originalResponse: { getStatus: () => 403 } })).toBe(false)
    expect(tus.uploads[0].options.onShouldRetry({ originalResponse: { getStatus: () => 503 } })).toBe(true)
  })

  it('pauses, resumes and cancels (terminating on the server and forgetting the bytes)', async () => {
    const { db, tus, queue } = setup()
    const id = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(tus, 1)
    await queue.pause(id)
    expect(tus.uploads[0].aborted).toBe(false)
    expect((await db.items.get(id))?.status).toBe('paused')
    await queue.resume(id)
    expect(tus.uploads).toHaveLength(2)
    await queue.cancel(id)
    expect(tus.uploads[1].aborted).toBe(true)
    expect(await db.items.get(id)).toBeUndefined()
    expect(await db.blobs.get(id)).toBeUndefined()
  })

  it('a 401 ends the session and keeps the upload, which carries on at the next start', async () => {
    const { db, tus, queue, onUnauthorized } = setup()
    const id = await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    const refused = await queue.enqueue({ submissionId: 2, title: 'y', file: file() })
    await started(tus, 2)
    tus.uploads[0].instance.url = '/api/v1/uploads/abc'
    tus.uploads[0].options.onUploadUrlAvailable()
    tus.uploads[0].options.onBeforeRequest({ setHeader: () => {} })
    tus.uploads[0].options.onError({ originalResponse: { getStatus: () => 401 } })
    tus.uploads[1].options.onError({ originalResponse: { getStatus: () => 413 } })
    await settle()
    expect(onUnauthorized).toHaveBeenCalledOnce()
    expect(await db.items.get(id)).toMatchObject({ status: 'failed', error: 'signed_out' })
    expect(await db.blobs.get(id)).toBeDefined()

    // Signed in again (another person's sign-in would have emptied the queue: local-cache.test.ts), it
    // resumes from the server's offset; a refusal for another reason stays.
    await queue.resumeAll()
    expect(tus.uploads).toHaveLength(3)
    expect(tus.uploads[2].options.uploadUrl).toBe('/api/v1/uploads/abc')
    const resumed = await db.items.get(id)
    expect(resumed?.status).toBe('uploading')
    expect(resumed?.error).toBeUndefined()
    expect((await db.items.get(refused))?.status).toBe('failed')
  })

  it('a form sent with no signal is kept whole on the device, and its submission is created once online, then the file goes', async () => {
    const { db, tus, queue, server, goOnline } = setup({ online: false })
    const id = await queue.enqueue({ title: 'Chợ', file: file(), details: details() })
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect(server.calls).toHaveLength(0)
    expect(await db.items.get(id)).toMatchObject({ status: 'waiting', details: details() })
    expect((await db.items.get(id))?.submissionId).toBeUndefined()
    expect(await db.blobs.get(id)).toBeDefined()

    goOnline()
    await queue.resumeAll()
    await started(tus, 1)
    expect(server.calls).toEqual([{ details: details(), clientId: id }])
    expect(tus.uploads[0].options.metadata.submission_id).toBe('100')
    expect((await db.items.get(id))?.submissionId).toBe(100)
  })

  it('caption files queued offline go once the submission exists, before the file; a refused one keeps the server lines', async () => {
    const sent: Array<{ id: number; language: string; text: string }> = []
    const sendCaptions = vi.fn(async (id: number, language: 'vi' | 'yue' | 'en', bytes: Blob): Promise<SendCaptionsResult> => {
      sent.push({ id, language, text: await bytes.text() })
      return language === 'vi' ? { ok: true, cues: 12 } : { ok: false, failure: 'refused', errors: ['line 3: the cue ends before it starts'] }
    })
    const { db, tus, queue, goOnline } = setup({ online: false, sendCaptions })
    const captions = [
      { language: 'vi' as const, fileName: 'cho.vi.vtt', text: 'WEBVTT\n\n00:01.000 --> 00:02.000\nĐi chợ' },
      { language: 'en' as const, fileName: 'cho.en.vtt', text: 'WEBVTT\n\n00:05.000 --> 00:02.000\nMarket' },
    ].map(({ text, ...caption }) => ({ ...caption, text, bytes: bytesOf(text) }))
    const id = await queue.enqueue({ title: 'Chợ', file: file(), details: details(), captions: captions.map(({ text: _text, ...caption }) => caption) })
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect(sent).toHaveLength(0)
    expect((await db.items.get(id))?.captions).toEqual([
      { language: 'vi', fileName: 'cho.vi.vtt', state: 'pending' },
      { language: 'en', fileName: 'cho.en.vtt', state: 'pending' },
    ])
    // The texts wait with the file, not on the item the list reads.
    const kept = (await db.blobs.get(id))?.captions ?? []
    expect(await Promise.all(kept.map(async (caption) => ({ language: caption.language, fileName: caption.fileName, text: await caption.bytes.text() })))).toEqual(
      captions.map(({ bytes: _bytes, ...caption }) => caption),
    )

    goOnline()
    await queue.resumeAll()
    await started(tus, 1)
    expect(sent).toEqual([
      { id: 100, language: 'vi', text: captions[0].text },
      { id: 100, language: 'en', text: captions[1].text },
    ])
    expect((await db.items.get(id))?.captions).toEqual([
      { language: 'vi', fileName: 'cho.vi.vtt', state: 'saved', cues: 12 },
      { language: 'en', fileName: 'cho.en.vtt', state: 'refused', errors: ['line 3: the cue ends before it starts'] },
    ])
  })

  it('captions with no answer leave the item waiting with the file unsent, and are sent (once each) on the next try', async () => {
    let answer: SendCaptionsResult = { ok: false, failure: 'retry' }
    const sendCaptions = vi.fn(async () => answer)
    const { db, tus, queue } = setup({ sendCaptions })
    const id = await queue.enqueue({ title: 'Chợ', file: file(), details: details(), captions: [{ language: 'vi', fileName: 'a.vtt', bytes: bytesOf('WEBVTT') }] })
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect(await db.items.get(id)).toMatchObject({ status: 'waiting', submissionId: 100 })
    expect(tus.uploads).toHaveLength(0)

    answer = { ok: true, cues: 1 }
    await queue.resumeAll()
    await started(tus, 1)
    expect(sendCaptions).toHaveBeenCalledTimes(2)
    expect((await db.items.get(id))?.captions?.[0].state).toBe('saved')
  })

  it('a submission whose answer was lost is asked for again with the same client_id, and the server answers the first', async () => {
    const { db, tus, queue, server } = setup()
    server.answerNext({ ok: false, failure: 'retry' })
    const id = await queue.enqueue({ title: 'Chợ', file: file(), details: details() })
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect((await db.items.get(id))?.status).toBe('waiting')
    expect(tus.uploads).toHaveLength(0)

    await queue.resumeAll()
    await started(tus, 1)
    expect(server.calls.map((call) => call.clientId)).toEqual([id, id])
    expect(server.created()).toBe(1)
    // Once it exists, later sends (a resume after going offline) never ask again.
    tus.uploads[0].options.onError(new Error('network down'))
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    await queue.resumeAll()
    await started(tus, 2)
    expect(server.calls).toHaveLength(2)
  })

  it('two tabs coming online together create one submission and send the file once', async () => {
    const { db, a, b } = twoTabs()
    const release = a.server.holdAnswers()
    const id = await a.queue.enqueue({ title: 'Chợ', file: file(), details: details() })
    await vi.waitFor(() => expect(a.server.calls).toHaveLength(1))
    await b.queue.resumeAll()
    release()
    await started(a.tus, 1)
    expect(b.server.calls).toHaveLength(0)
    expect(b.tus.uploads).toHaveLength(0)
    expect((await db.items.get(id))?.submissionId).toBe(100)
  })

  it('details the server refuses fail with its sentence; a 401 keeps them for the next sign-in', async () => {
    const { db, tus, queue, server } = setup()
    server.answerNext({ ok: false, failure: 'refused', reason: 'Choose a language we teach.' })
    const refused = await queue.enqueue({ title: 'Chợ', file: file(), details: details() })
    await vi.waitFor(async () => expect(await db.items.get(refused)).toMatchObject({ status: 'failed', error: 'Choose a language we teach.' }))

    server.answerNext({ ok: false, failure: 'signed_out' })
    const signedOut = await queue.enqueue({ title: 'Ở nhà', file: file(), details: details('Ở nhà') })
    await vi.waitFor(async () => expect(await db.items.get(signedOut)).toMatchObject({ status: 'failed', error: 'signed_out' }))
    expect(tus.uploads).toHaveLength(0)
    await queue.resumeAll() // signed in again
    await started(tus, 1)
    expect((await db.items.get(signedOut))?.submissionId).toBeDefined()
  })

  it('cancelled while its submission is being created: the new submission is deleted and nothing uploads', async () => {
    const { db, tus, queue, server } = setup()
    const release = server.holdAnswers()
    const id = await queue.enqueue({ title: 'Chợ', file: file(), details: details() })
    await vi.waitFor(() => expect(server.calls).toHaveLength(1))
    const cancelled = queue.cancel(id) // settles once this tab is done with the item
    release()
    await cancelled
    expect(server.discarded).toEqual([100])
    await vi.waitFor(() => expect(queue.isRunning(id)).toBe(false))
    expect(tus.uploads).toHaveLength(0)
    expect(await db.items.get(id)).toBeUndefined()
  })

  it('a 401 to a request sent without a token does not end a session', async () => {
    const { tus, queue, onUnauthorized } = setup({ token: () => null })
    await queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(tus, 1)
    tus.uploads[0].options.onBeforeRequest({ setHeader: () => {} })
    tus.uploads[0].options.onError({ originalResponse: { getStatus: () => 401 } })
    await settle()
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

/** Two open tabs: one database, one lock manager, a queue and a tus of their own each. */
function twoTabs() {
  const db = new Dexie(`uploads-${Math.random()}`) as Dexie & { items: EntityTable<UploadItem, 'id'>; blobs: EntityTable<UploadBlob, 'id'> }
  db.version(1).stores({ items: 'id, status', blobs: 'id' })
  const locks = memoryLocks()
  const tab = () => {
    const tus = scriptedTus()
    const server = submissionsServer()
    const queue = createUploadQueue({
      items: db.items,
      blobs: db.blobs,
      token: () => 'token-123',
      isOnline: () => true,
      loadTus: async () => tus.module,
      locks,
      createSubmission: server.createSubmission,
    })
    return { tus, queue, server }
  }
  return { db, a: tab(), b: tab() }
}

describe('the upload queue in two tabs', () => {
  it('sends an item from one tab only: the other leaves it alone, however often it resumes', async () => {
    const { db, a, b } = twoTabs()
    const id = await a.queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(a.tus, 1)
    await Promise.all([b.queue.resumeAll(), b.queue.resumeAll(), a.queue.resumeAll()])
    expect(b.tus.uploads).toHaveLength(0)
    expect(a.tus.uploads).toHaveLength(1)
    expect(b.queue.isRunning(id)).toBe(false)
    a.tus.uploads[0].options.onProgress(400, 1000)
    await vi.waitFor(async () => expect(await db.items.get(id)).toMatchObject({ status: 'uploading', bytesSent: 400 }))
  })

  /** Two tabs; tab A has started sending a new item and saved its upload URL on the server. */
  async function sendingInTabA() {
    const { db, a, b } = twoTabs()
    const id = await a.queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(a.tus, 1)
    a.tus.uploads[0].instance.url = '/api/v1/uploads/abc'
    a.tus.uploads[0].options.onUploadUrlAvailable()
    return { db, a, b, id }
  }

  it('another tab carries on from the upload URL the first saved once the first let go', async () => {
    const { db, a, b, id } = await sendingInTabA()
    a.tus.uploads[0].options.onError(new Error('network down')) // tus gave up: the item waits
    await vi.waitFor(() => expect(a.queue.isRunning(id)).toBe(false))
    expect((await db.items.get(id))?.status).toBe('waiting')
    await b.queue.resumeAll()
    expect(b.tus.uploads).toHaveLength(1)
    expect(b.tus.uploads[0].options.uploadUrl).toBe('/api/v1/uploads/abc') // not a second upload that would replace the first
  })

  it('a pause pressed in the other tab stops the tab that sends, and a resume there then sends from that tab', async () => {
    const { db, a, b, id } = await sendingInTabA()
    await b.queue.pause(id)
    await vi.waitFor(() => expect(a.tus.uploads[0].aborted).toBe(false)) // stopped, not dropped on the server
    await vi.waitFor(() => expect(a.queue.isRunning(id)).toBe(false))
    // Progress reported as the request was cut off does not undo the pause.
    a.tus.uploads[0].options.onProgress(600, 1000)
    await settle()
    expect(await db.items.get(id)).toMatchObject({ status: 'paused', speed: 0 })

    await b.queue.resume(id)
    expect(b.tus.uploads).toHaveLength(1)
    expect(b.tus.uploads[0].options.uploadUrl).toBe('/api/v1/uploads/abc')
    expect((await db.items.get(id))?.status).toBe('uploading')
    expect(a.tus.uploads).toHaveLength(1)
  })

  it('a resume pressed while the sending tab is still stopping leaves exactly one tab sending', async () => {
    const { db, a, b } = twoTabs()
    const id = await a.queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(a.tus, 1)
    await b.queue.pause(id)
    await b.queue.resume(id) // at once: tab a may not even have seen the pause yet
    await vi.waitFor(async () => expect((await db.items.get(id))?.status).toBe('uploading'))
    await settle()
    const sending = [...a.tus.uploads, ...b.tus.uploads].filter((upload) => upload.started && upload.aborted === null)
    expect(sending).toHaveLength(1)
  })

  it('a cancel pressed in the other tab stops the tab that sends and drops the upload on the server', async () => {
    const { db, a, b } = twoTabs()
    const id = await a.queue.enqueue({ submissionId: 1, title: 'x', file: file() })
    await started(a.tus, 1)
    await b.queue.cancel(id)
    await vi.waitFor(() => expect(a.tus.uploads[0].aborted).toBe(true))
    await vi.waitFor(() => expect(a.queue.isRunning(id)).toBe(false))
    expect(await db.items.get(id)).toBeUndefined()
    expect(await db.blobs.get(id)).toBeUndefined()
    await b.queue.resumeAll()
    expect(b.tus.uploads).toHaveLength(0)
  })
})
