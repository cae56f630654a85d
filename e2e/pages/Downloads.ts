/** Downloading on a video page, and the Downloads page, as a learner uses them. */
import { expect, type Locator, type Page } from '@playwright/test'

export class DownloadControls {
  readonly start: Locator
  readonly complete: Locator
  readonly percent: Locator

  constructor(readonly page: Page) {
    this.start = page.getByTestId('download-start')
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
    await this.item(title).getByRole('button', { name: /Delete download|Xoá bản tải/ }).click()
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

/** What the browser reports as used by Cache Storage (Chromium's breakdown), else by the whole site. */
export async function storageUsage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { caches?: number } }
    return estimate.usageDetails?.caches ?? estimate.usage ?? 0
  })
}

/** Plays the page's video and waits until it has really advanced past `seconds`. */
export async function playUntil(page: Page, seconds: number) {
  const video = page.locator('video')
  // hls.js attaches the stream asynchronously: play only once there is media to play.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true
    return element.play()
  })
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(seconds)
}

export async function seekTo(page: Page, seconds: number) {
  await page.locator('video').evaluate((element: HTMLVideoElement, to: number) => {
    element.currentTime = to
  }, seconds)
}
