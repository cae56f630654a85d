/**
 * Offline downloads in real Chromium against the real server: download three videos, lose the
 * network, reopen the app and play one from the start and from the middle with the goal bar moving;
 * an interrupted download resumes and stores each segment once and whole; deleting frees the space;
 * a premium download goes when premium does.
 */
import fs from 'node:fs'
import path from 'node:path'
import { makePremium, seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { mediaDir } from '../sync-server/src/media/media-paths.ts'
import { expect, test } from './fixtures.ts'
import { DownloadControls, DownloadsPage, offlineCacheEntries, playUntil, seekTo, storageUsage } from './pages/Downloads.ts'
import { SyncStatus } from './pages/WatchPages.ts'

async function controlledBy(page: import('@playwright/test').Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

test('three downloaded videos play offline after a reload, from the start and from the middle, with the goal bar moving', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  const titles = ['Chợ nổi offline', 'Phở buổi sáng', 'Mưa Sài Gòn']
  const videoIds = titles.map((title) => seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12, title }))
  await signInAs({ path: `/languages/vi/videos/${videoIds[0]}` })
  await controlledBy(page)
  const controls = new DownloadControls(page)
  for (const [index, videoId] of videoIds.entries()) {
    if (index > 0) await page.goto(`/languages/vi/videos/${videoId}`)
    await controls.download()
    await expect(controls.complete).toBeVisible({ timeout: 30_000 })
  }

  await context.setOffline(true)
  const leaving: string[] = []
  // A request cut short by the player itself (a seek aborts the segment in flight) is not the network.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') leaving.push(request.url())
  })
  await page.reload()
  const downloadsPage = new DownloadsPage(page)
  await page.goto('/downloads')
  for (const title of titles) await expect(downloadsPage.item(title)).toBeVisible()
  const status = new SyncStatus(page)
  const goalBefore = await status.goalSeconds()
  await downloadsPage.item(titles[0]).getByRole('link').click()
  await playUntil(page, 1)
  await seekTo(page, 7)
  await playUntil(page, 8)
  // Everything the video needed came from the device: nothing tried the network for media.
  expect(leaving.filter((url) => /\/(media|offline-media)\//.test(url))).toEqual([])
  // The time watched offline moves the goal bar at once, and reaches the server once the network is back.
  await page.locator('video').evaluate((element: HTMLVideoElement) => element.pause())
  await expect.poll(() => status.goalSeconds()).toBeGreaterThan(goalBefore)
  await context.setOffline(false)
  const watched = () =>
    (server.ctx.db.prepare('SELECT COALESCE(SUM(watched_seconds), 0) AS s FROM watch_events WHERE video_id = ?').get(videoIds[0]) as { s: number }).s
  await expect.poll(watched, { timeout: 45_000 }).toBeGreaterThan(1.5)
})

test('an interrupted download resumes after a reload and stores every segment once and whole', async ({ page, context, server, signInAs }) => {
  const mediaKey = makeHlsFixture(server.dataDir, 24)
  const videoId = seedVideo(server, { access: 'free', mediaKey, duration: 24, title: 'Bến Ninh Kiều' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  // Slow the segments down so the cut lands in the middle.
  await page.route('**/media/g/**/seg_*.m4s', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 150))
    await route.continue().catch(() => undefined)
  })
  const controls = new DownloadControls(page)
  await controls.download()
  await expect.poll(() => controls.progress(), { timeout: 30_000 }).toBeGreaterThanOrEqual(30)
  await context.setOffline(true)
  // Reopen the app on the Downloads page (no player there to fetch segments of its own).
  await page.goto('/downloads')
  const storedBeforeCut = Object.keys(await offlineCacheEntries(page))
    .map((key) => /(seg_\d+\.m4s)$/.exec(key)?.[1])
    .filter((name): name is string => Boolean(name))
  expect(storedBeforeCut.length).toBeGreaterThan(0)
  await page.unroute('**/media/g/**/seg_*.m4s')
  const fetchedAfter: string[] = []
  page.on('requestfinished', (request) => {
    const name = /\/(seg_\d+\.m4s)$/.exec(new URL(request.url()).pathname)?.[1]
    if (name && new URL(request.url()).pathname.startsWith('/media/')) fetchedAfter.push(name)
  })
  await context.setOffline(false)
  const downloadsPage = new DownloadsPage(page)
  await expect(downloadsPage.item('Bến Ninh Kiều').getByTestId('download-complete')).toBeVisible({ timeout: 30_000 })

  const entries = await offlineCacheEntries(page)
  const folder = path.join(mediaDir(server.dataDir, mediaKey), 'v360p')
  const segments = fs.readdirSync(folder).filter((file) => file.endsWith('.m4s'))
  for (const segment of segments) {
    expect(entries[`/offline-media/${videoId}/v360p/${segment}`], segment).toBe(fs.statSync(path.join(folder, segment)).size)
  }
  // It resumed from the first missing segment: nothing stored before the cut was fetched again.
  expect(fetchedAfter.filter((name) => storedBeforeCut.includes(name))).toEqual([])
  expect(fetchedAfter.length).toBe(segments.length - storedBeforeCut.length)
})

test('deleting a download frees its space', async ({ page, server, signInAs }) => {
  const videoId = seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12, title: 'Hội An' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  await new DownloadControls(page).download()
  await expect(new DownloadControls(page).complete).toBeVisible({ timeout: 30_000 })
  const downloadsPage = new DownloadsPage(page)
  await downloadsPage.open()
  await expect(downloadsPage.item('Hội An')).toBeVisible()
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `e2e/screenshots/downloads-${name}.png`, fullPage: true })
  }
  const before = await storageUsage(page)
  await downloadsPage.deleteDownload('Hội An')
  expect(await offlineCacheEntries(page)).toEqual({})
  await expect.poll(() => storageUsage(page), { timeout: 30_000 }).toBeLessThan(before)
})

test('a premium download is removed once the learner is no longer premium and comes online', async ({ page, context, server, signInAs }) => {
  const videoId = seedVideo(server, { access: 'premium', mediaKey: makeHlsFixture(server.dataDir, 8), duration: 8, title: 'Chỉ dành cho hội viên' })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  await new DownloadControls(page).download()
  await expect(new DownloadControls(page).complete).toBeVisible({ timeout: 30_000 })
  const downloadsPage = new DownloadsPage(page)
  await downloadsPage.open()
  await expect(downloadsPage.item('Chỉ dành cho hội viên')).toBeVisible()

  makePremium(server, user.id, false)
  await context.setOffline(true)
  await context.setOffline(false)
  await expect(downloadsPage.revokedNotice).toContainText('Chỉ dành cho hội viên')
  await expect(downloadsPage.item('Chỉ dành cho hội viên')).toHaveCount(0)
  expect(await offlineCacheEntries(page)).toEqual({})
})
