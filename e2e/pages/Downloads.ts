/** Downloading on a video page, and the Downloads page, as a learner uses them. */
import { expect, type BrowserContext, type Locator, type Page, type Worker } from '@playwright/test'

export class DownloadControls {
  readonly start: Locator
  readonly complete: Locator
  readonly percent: Locator
  /** The video's size shown before a download starts. */
  readonly size: Locator
  /** The choice of the video or the audio alone (commute mode), each with its size. */
  readonly kinds: Locator
  readonly videoKind: Locator
  readonly audioKind: Locator
  readonly audioSize: Locator
  readonly noAudioOnly: Locator

  constructor(readonly page: Page) {
    this.kinds = page.getByTestId('download-kinds')
    this.videoKind = page.getByTestId('download-kind-video')
    this.audioKind = page.getByTestId('download-kind-audio')
    this.audioSize = page.getByTestId('download-kind-audio-size')
    this.noAudioOnly = page.getByTestId('download-no-audio')
    this.start = page.getByTestId('download-start')
    // Its own line, or the Video choice's size where the video also offers audio only (one at a time).
    this.size = page.getByTestId('download-size').or(page.getByTestId('download-kind-video-size'))
    this.complete = page.getByTestId('download-complete')
    this.percent = page.getByTestId('download-percent')
  }

  async download() {
    await this.start.click()
  }

  /** The percent shown while downloading, or 100 once complete. */
  async progress(): Promise<number> {
    if (await this.complete.isVisible()) return 100
    const text = (await this.percent.textContent().catch(() => null)) ?? ''
    return Number(/(\d+)%/.exec(text)?.[1] ?? 0)
  }
}

export class DownloadsPage {
  readonly list: Locator
  readonly revokedNotice: Locator

  constructor(readonly page: Page) {
    this.list = page.getByTestId('downloads-list')
    this.revokedNotice = page.getByTestId('downloads-revoked')
  }

  async open() {
    await this.page.goto('/downloads')
  }

  item(title: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: title })
  }

  async deleteDownload(title: string) {
    await this.item(title).getByRole('button', { name: /Delete download|Xóa bản tải/ }).click()
    await expect(this.item(title)).toHaveCount(0)
  }
}

/** Cache Storage as the page sees it: the downloads cache's entries and their sizes. */
export async function offlineCacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const cache = await caches.open('offline-media-v1')
    const entries: Record<string, number> = {}
    for (const request of await cache.keys()) {
      const response = await cache.match(request)
      entries[new URL(request.url).pathname] = (await response!.arrayBuffer()).byteLength
    }
    return entries
  })
}

export interface StoredPart {
  key: string
  bytes: number
  /** The files the part holds, in order, as its X-Part-Files header lists them. */
  files: Array<{ name: string; size: number }>
}

/** The parts a download stored (one Cache Storage entry each), with their real byte length. */
export async function offlineParts(page: Page, videoId: number): Promise<StoredPart[]> {
  const parts = await page.evaluate(async (prefix) => {
    const cache = await caches.open('offline-media-v1')
    const found: Array<{ key: string; bytes: number; header: string }> = []
    for (const request of await cache.keys()) {
      const key = new URL(request.url).pathname
      if (!key.startsWith(prefix) || !/\/part_\d+\.bin$/.test(key)) continue
      const response = (await cache.match(request))!
      found.push({ key, bytes: (await response.arrayBuffer()).byteLength, header: response.headers.get('X-Part-Files') ?? '' })
    }
    return found
  }, `/offline-media/${videoId}/`)
  return parts
    .map(({ key, bytes, header }) => ({
      key,
      bytes,
      files: header.split(',').map((item) => {
        const [name, size] = item.split('=')
        return { name, size: Number(size) }
      }),
    }))
    .sort((a, b) => a.key.localeCompare(b.key))
}

/**
 * Asks the service worker for every byte range the stored playlist lists, as hls.js does, and answers
 * each range's status and bytes (base64) with the file name it stands for.
 */
export async function rangesFromStoredPlaylist(page: Page, videoId: number) {
  return page.evaluate(async (base) => {
    const playlist = await (await fetch(`${base}v360p/index.m3u8`)).text()
    const asked: Array<{ part: string; length: number; offset: number }> = []
    const lines = playlist.split('\n')
    lines.forEach((line, index) => {
      const map = /^#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@(\d+)"$/.exec(line)
      if (map) asked.push({ part: map[1], length: Number(map[2]), offset: Number(map[3]) })
      const range = /^#EXT-X-BYTERANGE:(\d+)@(\d+)$/.exec(line)
      if (range) asked.push({ part: lines[index + 1], length: Number(range[1]), offset: Number(range[2]) })
    })
    const answers = []
    for (const piece of asked) {
      const response = await fetch(`${base}v360p/${piece.part}`, { headers: { Range: `bytes=${piece.offset}-${piece.offset + piece.length - 1}` } })
      const bytes = new Uint8Array(await response.arrayBuffer())
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      answers.push({ ...piece, status: response.status, contentRange: response.headers.get('Content-Range'), base64: btoa(binary) })
    }
    return answers
  }, `/offline-media/${videoId}/`)
}

/** What the browser reports as used by Cache Storage (Chromium's breakdown), else by the whole site. */
export async function storageUsage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { caches?: number } }
    return estimate.usageDetails?.caches ?? estimate.usage ?? 0
  })
}

/** Plays the page's video and waits until it has really advanced past `seconds`. */
export async function playUntil(page: Page, seconds: number) {
  const video = page.getByTestId('player-video')
  // hls.js attaches the stream asynchronously: play only once there is media to play.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true
    return element.play()
  })
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(seconds)
}

export async function seekTo(page: Page, seconds: number) {
  await page.getByTestId('player-video').evaluate((element: HTMLVideoElement, to: number) => {
    element.currentTime = to
  }, seconds)
}

/** The page's download as the app's database holds it (read with plain IndexedDB, from a page or the worker). */
async function readDownloadRecord(videoId: number) {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('de-hieu')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  try {
    return await new Promise<{ status: string; handed?: unknown } | undefined>((resolve, reject) => {
      const request = database.transaction('downloads').objectStore('downloads').get(videoId)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    database.close()
  }
}

/** Whether a Background Fetch of the video's parts is running in the browser (handed over by a page). */
export const handedToBrowser = (page: Page, videoId: number) =>
  page.evaluate(async (id) => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { backgroundFetch?: { get(id: string): Promise<unknown> } }
    return (await registration.backgroundFetch?.get(`dehieu-download:${id}`)) !== undefined
  }, videoId)

/** The download's status as the service worker sees it, with no page of the app open. */
export const downloadStatusInWorker = (worker: Worker, videoId: number) => worker.evaluate(readDownloadRecord, videoId).then((record) => record?.status)

/** What the browser's Background Fetch says of its fetches, seen from the worker (for a failure's message). */
export const backgroundFetchesInWorker = (worker: Worker) =>
  worker.evaluate(async () => {
    const manager = (self as unknown as { registration: { backgroundFetch?: { getIds(): Promise<string[]>; get(id: string): Promise<Record<string, unknown> | undefined> } } }).registration.backgroundFetch
    if (!manager) return 'no Background Fetch'
    const fetches = []
    for (const id of await manager.getIds()) {
      const fetch = await manager.get(id)
      fetches.push({ id, result: fetch?.result, failureReason: fetch?.failureReason, downloaded: fetch?.downloaded, downloadTotal: fetch?.downloadTotal })
    }
    return JSON.stringify(fetches)
  })

/** Pages of this context see a browser without Background Fetch: downloads run in the page. */
export const withoutBackgroundFetch = (context: BrowserContext) =>
  context.addInitScript(() => {
    delete (self as { BackgroundFetchManager?: unknown }).BackgroundFetchManager
  })
