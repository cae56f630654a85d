/**
 * Offline downloads in real Chromium against the real server: download three videos, lose the
 * network, reopen the app and play one from the start and from the middle with the goal bar moving,
 * every byte range hls.js asks of the stored parts answered right by the service worker; an
 * interrupted download resumes and stores each part once and whole, the parts covering every file of
 * the rendition once; deleting frees the space; a premium download goes when premium does. A video
 * downloaded from the list (its page never opened) opens and plays offline with its stored poster,
 * and list thumbnails seen online show offline.
 */
import fs from 'node:fs'
import path from 'node:path'
import { makePremium, seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { mediaDir } from '../sync-server/src/storage/media-paths.ts'
import { expect, test } from './fixtures.ts'
import { E2E_TIME_ZONE } from './time-zone.ts'
import {
  DownloadControls,
  DownloadsPage,
  backgroundFetchesInWorker,
  downloadStatusInWorker,
  handedToBrowser,
  offlineCacheEntries,
  offlineParts,
  playUntil,
  rangesFromStoredPlaylist,
  seekTo,
  storageUsage,
  withoutBackgroundFetch,
} from './pages/Downloads.ts'
import { SyncStatus, VideoPage, VideosPage } from './pages/WatchPages.ts'

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
  const mediaKeys = titles.map(() => makeHlsFixture(server.dataDir, 12))
  const videoIds: number[] = []
  for (const [index, title] of titles.entries()) videoIds.push(await seedVideo(server, { access: 'free', mediaKey: mediaKeys[index], duration: 12, title }))
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
  // hls.js asks for the stored parts by byte range; the worker answers each with a 206.
  const partAnswers: number[] = []
  page.on('response', (response) => {
    if (/\/offline-media\/\d+\/v360p\/part_\d+\.bin$/.test(new URL(response.url()).pathname)) partAnswers.push(response.status())
  })
  await page.reload()
  const downloadsPage = new DownloadsPage(page)
  await page.goto('/downloads')
  for (const title of titles) await expect(downloadsPage.item(title)).toBeVisible()
  // The day each was downloaded, in words a person reads one way only ("2 Dec 2026", not "12/2/2026").
  const day = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: E2E_TIME_ZONE })
  await expect(downloadsPage.item(titles[0]).locator('.meta')).toContainText(day)
  const status = new SyncStatus(page)
  const goalBefore = await status.goalSeconds()
  await downloadsPage.item(titles[0]).getByRole('link').click()
  await playUntil(page, 1)
  await seekTo(page, 7)
  await playUntil(page, 8)
  // Everything the video needed came from the device: nothing tried the network for media.
  expect(leaving.filter((url) => /\/(media|offline-media)\//.test(url))).toEqual([])
  expect(partAnswers.length).toBeGreaterThan(0)
  expect(new Set(partAnswers)).toEqual(new Set([206]))
  // Every range the stored playlist lists comes back offline as exactly the file it stands for.
  const folder = path.join(mediaDir(server.dataDir, mediaKeys[0]), 'v360p')
  const rendition = ['init.mp4', ...fs.readdirSync(folder).filter((file) => file.endsWith('.m4s')).sort()]
  const ranges = await rangesFromStoredPlaylist(page, videoIds[0])
  expect(ranges).toHaveLength(rendition.length)
  ranges.forEach((range, index) => {
    const file = fs.readFileSync(path.join(folder, rendition[index]))
    expect(range.status, rendition[index]).toBe(206)
    expect(range.contentRange, rendition[index]).toMatch(new RegExp(`^bytes ${range.offset}-${range.offset + range.length - 1}/\\d+$`))
    expect(Buffer.from(range.base64, 'base64').equals(file), rendition[index]).toBe(true)
  })
  // The time watched offline moves the goal bar at once, and reaches the server once the network is back.
  await page.getByTestId('player-video').evaluate((element: HTMLVideoElement) => element.pause())
  await expect.poll(() => status.goalSeconds()).toBeGreaterThan(goalBefore)
  await context.setOffline(false)
  const watched = async () => {
    const row = await server.ctx.database.db
      .selectFrom('watch_events')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('watched_seconds'), eb.lit(0)).as('s'))
      .where('video_id', '=', videoIds[0])
      .executeTakeFirstOrThrow()
    return Number(row.s)
  }
  await expect.poll(watched, { timeout: 45_000 }).toBeGreaterThan(1.5)
})

/** The width an image URL decodes to in the page (0 when it does not load). */
function decodedWidth(page: import('@playwright/test').Page, url: string): Promise<number> {
  return page.evaluate(async (src) => {
    const image = new Image()
    image.src = src
    await image.decode().catch(() => undefined)
    return image.naturalWidth
  }, url)
}

test('a video downloaded from the list opens and plays offline with its stored poster, and thumbnails seen online show offline', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  const mediaKey = makeHlsFixture(server.dataDir, 12)
  // Titles of this test alone: the worker's server also holds other specs' videos.
  const title = `Bánh xèo miền Tây ${Date.now()}`
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12, title })
  const other = `Cà phê sữa đá ${Date.now()}`
  const otherKey = makeHlsFixture(server.dataDir, 4)
  await seedVideo(server, { access: 'free', mediaKey: otherKey, duration: 4, title: other })
  await signInAs({ path: '/languages/vi/videos' })
  await controlledBy(page)
  // The list seen online while the worker controls the page: its thumbnails pass through the worker.
  await page.reload()
  const list = new VideosPage(page)
  const thumbnail = (name: string) => list.card(name).locator('img')
  const loadedWidth = (name: string) => thumbnail(name).evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))
  for (const name of [title, other]) await expect.poll(() => loadedWidth(name)).toBeGreaterThan(0)
  const card = list.card(title)
  await card.getByTestId('download-start').click()
  await expect(card.getByTestId('download-complete')).toBeVisible({ timeout: 30_000 })

  // Stale-while-revalidate keeps the pictures, keyed by their path; nothing streamable is in any cache
  // but the downloads one.
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('thumbnails')).keys()).map((request) => new URL(request.url).pathname)))
    .toEqual(expect.arrayContaining([`/media/${mediaKey}/poster.jpg`, `/media/${otherKey}/poster.jpg`]))
  const cached = await page.evaluate(async () => {
    const byCache: Record<string, string[]> = {}
    for (const name of await caches.keys()) byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    return byCache
  })
  for (const [name, keys] of Object.entries(cached)) {
    if (name !== 'offline-media-v1') expect(keys.filter((key) => (key.startsWith('/media/v/') || key.startsWith('/media/g/')) || /\.(m3u8|m4s|mp4|bin)$/.test(key)), name).toEqual([])
  }

  // The browser's own HTTP cache (a day's max-age) would show the pictures without the worker: emptied.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache')
  await context.setOffline(true)
  const pictures: Array<{ path: string; fromWorker: boolean; status: number }> = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (/^\/media\/[a-f0-9]{32}\//.test(path)) pictures.push({ path, fromWorker: response.fromServiceWorker(), status: response.status() })
  })
  await page.reload()
  // The list from the device, its thumbnails from the worker's cache.
  for (const name of [title, other]) await expect.poll(() => loadedWidth(name)).toBeGreaterThan(0)
  expect(pictures.filter((picture) => picture.path === `/media/${mediaKey}/poster.jpg`)).toContainEqual({ path: `/media/${mediaKey}/poster.jpg`, fromWorker: true, status: 200 })

  // The page was never opened online, yet it opens offline: the download kept the video's detail.
  await page.goto(`/languages/vi/videos/${videoId}`)
  const videoPage = new VideoPage(page)
  await expect(videoPage.video).toBeVisible()
  await expect(page.getByTestId('video-state')).toHaveCount(0)
  // Its poster is the one stored with the download, and it shows.
  await expect.poll(() => videoPage.video.evaluate((video: HTMLVideoElement) => (video.poster ? new URL(video.poster).pathname : ''))).toBe(`/offline-media/${videoId}/poster.jpg`)
  const poster = await videoPage.video.evaluate((video: HTMLVideoElement) => video.poster)
  expect(await decodedWidth(page, poster)).toBeGreaterThan(0)
  await playUntil(page, 1)
})

test('a download keeps going with its tab closed, and plays offline afterwards', async ({ page, context, server, signInAs }) => {
  // In sight, the page downloads the parts itself. Closed mid-download, it hands the parts not stored
  // yet to the browser's Background Fetch (Chromium), and the service worker stores them.
  const mediaKey = makeHlsFixture(server.dataDir, 60, { bandwidth: 6_000_000 })
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 60, title: 'Sông Hương' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  const worker = context.serviceWorkers()[0]
  // The page's own requests: one part goes through, the rest are held (and never answered: the page closes).
  const isPart = (url: URL) => url.pathname.startsWith('/media/v/') && url.pathname.endsWith('/part')
  let letThrough = 1
  await page.route(isPart, async (route) => {
    if (letThrough-- > 0) await route.continue().catch(() => undefined)
  })
  await new DownloadControls(page).download()
  await expect.poll(async () => (await offlineParts(page, videoId)).length, { timeout: 30_000 }).toBe(1)
  // So far in the page, the browser not involved.
  expect(await handedToBrowser(page, videoId)).toBe(false)
  // Closed as a person closes a tab (its beforeunload runs first), while in sight.
  await page.close({ runBeforeUnload: true })
  // No page of the app is open: the parts held back came through the browser, and the worker finished it.
  await expect.poll(() => context.pages().length).toBe(0)
  // The browser schedules the fetch itself; on a loaded machine it can take a while to come through.
  await expect
    .poll(() => downloadStatusInWorker(worker, videoId), { timeout: 60_000 })
    .toBe('complete')
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nBackground Fetch: ${await backgroundFetchesInWorker(worker).catch((e: Error) => e.message)}`)
    })
  await context.setOffline(true)
  const again = await context.newPage()
  await again.goto('/downloads')
  await expect(new DownloadsPage(again).item('Sông Hương').getByTestId('download-complete')).toBeVisible()
  const parts = await offlineParts(again, videoId)
  expect(parts.length).toBeGreaterThan(1)
  for (const part of parts) expect(part.bytes, part.key).toBe(part.files.reduce((sum, file) => sum + file.size, 0))
  await again.goto(`/languages/vi/videos/${videoId}`)
  await playUntil(again, 1)
})

test('in sight, a download runs in the page (Background Fetch offered but not used) and pauses, resumes and cancels from it', async ({ page, server, signInAs }) => {
  const mediaKey = makeHlsFixture(server.dataDir, 24, { bandwidth: 6_000_000 })
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 24, title: 'Phố cổ' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  // The first part asked for goes through (each time it is asked), the rest wait until their request is aborted.
  const isPart = (url: URL) => url.pathname.startsWith('/media/v/') && url.pathname.endsWith('/part')
  const asked: string[] = []
  await page.route(isPart, async (route) => {
    asked.push(route.request().url())
    if (route.request().url() === asked[0]) await route.continue().catch(() => undefined)
  })
  const controls = new DownloadControls(page)
  const buttons = page.getByTestId('download-controls')
  // In sight: the page, not the browser, downloads it.
  await page.bringToFront()
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible')
  await controls.download()
  await expect
    .poll(async () => (await offlineParts(page, videoId)).length, { timeout: 30_000 })
    .toBe(1)
    .catch(async (error: Error) => {
      // Should it fail again, what the page asked for and whether the browser took the download over.
      const handed = await handedToBrowser(page, videoId).catch((e: Error) => e.message)
      throw new Error(`${error.message}\nparts asked in the page: ${asked.join(' ')}\nhanded to the browser: ${handed}`)
    })
  expect(await handedToBrowser(page, videoId)).toBe(false)
  await buttons.getByRole('button', { name: 'Pause' }).click()
  await expect(controls.percent).toContainText('paused')
  expect(await handedToBrowser(page, videoId)).toBe(false)
  // Resumed: it asks again only for the parts not stored.
  const askedBefore = asked.length
  await buttons.getByRole('button', { name: 'Resume' }).click()
  await expect.poll(() => asked.length).toBeGreaterThan(askedBefore)
  expect(asked.slice(askedBefore)).not.toContain(asked[0])
  await expect(buttons.getByRole('button', { name: 'Pause' })).toBeVisible()
  // Cancelled: nothing of it stays.
  await buttons.getByRole('button', { name: 'Cancel' }).click()
  await expect(controls.start).toBeVisible()
  expect(Object.keys(await offlineCacheEntries(page)).filter((key) => key.startsWith(`/offline-media/${videoId}/`))).toEqual([])
  expect(await handedToBrowser(page, videoId)).toBe(false)
  // Downloaded again with the network free, it completes in the page.
  await page.unroute(isPart)
  await controls.download()
  await expect(controls.complete).toBeVisible({ timeout: 30_000 })
  expect(await handedToBrowser(page, videoId)).toBe(false)
})

test('an interrupted download resumes after a reload and stores every part once and whole', async ({ page, context, server, signInAs }) => {
  // Where the page downloads the parts itself (no Background Fetch), which this test holds and cuts.
  await withoutBackgroundFetch(context)
  // A high declared bandwidth: the 24 s video travels in three parts of a few segments each.
  const mediaKey = makeHlsFixture(server.dataDir, 24, { bandwidth: 20_000_000 })
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 24, title: 'Bến Ninh Kiều' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  // The network lets two parts through, then holds the rest until it is cut.
  const isPart = (url: URL) => url.pathname.startsWith('/media/v/') && url.pathname.endsWith('/part')
  let letThrough = 2
  const held: import('@playwright/test').Route[] = []
  await page.route(isPart, async (route) => {
    if (letThrough-- > 0) await route.continue().catch(() => undefined)
    else held.push(route)
  })
  const controls = new DownloadControls(page)
  await controls.download()
  await expect.poll(async () => (await offlineParts(page, videoId)).length, { timeout: 30_000 }).toBe(2)
  await context.setOffline(true)
  for (const route of held) await route.abort('internetdisconnected').catch(() => undefined)
  // Reopen the app on the Downloads page (no player there to fetch segments of its own).
  await page.goto('/downloads')
  const storedBeforeCut = (await offlineParts(page, videoId)).map((part) => part.key)
  expect(storedBeforeCut).toHaveLength(2)
  await page.unroute(isPart)
  const fetchedAfter: string[] = []
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    if (isPart(url)) fetchedAfter.push(`/offline-media/${videoId}/v360p/part_${url.searchParams.get('from')!.padStart(3, '0')}.bin`)
  })
  await context.setOffline(false)
  const downloadsPage = new DownloadsPage(page)
  await expect(downloadsPage.item('Bến Ninh Kiều').getByTestId('download-complete')).toBeVisible({ timeout: 30_000 })

  const parts = await offlineParts(page, videoId)
  expect(parts.length).toBeGreaterThan(2)
  const folder = path.join(mediaDir(server.dataDir, mediaKey), 'v360p')
  const rendition = ['init.mp4', ...fs.readdirSync(folder).filter((file) => file.endsWith('.m4s')).sort()]
  for (const part of parts) {
    // Whole: the stored bytes are the sum of the files the part lists, each at its size on the server.
    expect(part.bytes, part.key).toBe(part.files.reduce((sum, file) => sum + file.size, 0))
    for (const file of part.files) expect(file.size, file.name).toBe(fs.statSync(path.join(folder, file.name)).size)
    expect(part.files.length, part.key).toBeGreaterThan(1)
  }
  // The parts, in order, hold every file of the rendition exactly once.
  expect(parts.flatMap((part) => part.files.map((file) => file.name))).toEqual(rendition)
  // It resumed from the first part not stored: nothing stored before the cut was fetched again, and
  // every other part once.
  expect(fetchedAfter.filter((key) => storedBeforeCut.includes(key))).toEqual([])
  expect([...fetchedAfter].sort()).toEqual(parts.map((part) => part.key).filter((key) => !storedBeforeCut.includes(key)))
  expect(Object.keys(await offlineCacheEntries(page)).filter((key) => /\.m4s$|init\.mp4$/.test(key))).toEqual([])
})

test('deleting a download frees its space', async ({ page, server, signInAs }) => {
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12, title: 'Hội An' })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  // The size is there before anything is fetched. The fixture's one rendition is 160×90, less than the
  // 360p chosen by default, so the line also says which quality the download gets.
  await expect(new DownloadControls(page).size).toHaveText(/^About \d+(\.\d)? (KB|MB), in 90p$/)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'e2e/screenshots/downloads-video-before-phone.png', fullPage: true })
  await new DownloadControls(page).download()
  await expect(new DownloadControls(page).complete).toBeVisible({ timeout: 30_000 })
  // The video page says it once, with size and quality (it also had a bare "Downloaded" tag).
  await expect(page.getByText(/^Downloaded/)).toHaveCount(1)
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `e2e/screenshots/downloads-video-${name}.png`, fullPage: true })
  }
  const downloadsPage = new DownloadsPage(page)
  await downloadsPage.open()
  await expect(downloadsPage.item('Hội An')).toBeVisible()
  // Size and quality once, on the item's line; the tag only says it is ready.
  await expect(downloadsPage.item('Hội An').getByTestId('download-complete')).toHaveText('Plays offline')
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
  const videoId = await seedVideo(server, { access: 'premium', mediaKey: makeHlsFixture(server.dataDir, 8), duration: 8, title: 'Chỉ dành cho hội viên' })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  await new DownloadControls(page).download()
  await expect(new DownloadControls(page).complete).toBeVisible({ timeout: 30_000 })
  const downloadsPage = new DownloadsPage(page)
  await downloadsPage.open()
  await expect(downloadsPage.item('Chỉ dành cho hội viên')).toBeVisible()

  await makePremium(server, user.id, false)
  await context.setOffline(true)
  await context.setOffline(false)
  await expect(downloadsPage.revokedNotice).toContainText('Chỉ dành cho hội viên')
  await expect(downloadsPage.item('Chỉ dành cho hội viên')).toHaveCount(0)
  expect(await offlineCacheEntries(page)).toEqual({})
})

test('a download made while media URLs carried the grant in their path still plays offline once they carry it in the query', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  const mediaKey = makeHlsFixture(server.dataDir, 12)
  const title = `Chè ba màu ${Date.now()}`
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12, title })
  // The earlier server's answer: the same grant, in the path (/media/g/<grant>/master.m3u8). The server
  // still answers that shape, so this download goes through it as a download of that time did.
  const detail = (url: URL) => url.pathname === `/api/v1/videos/${videoId}`
  await page.route(detail, async (route) => {
    try {
      const response = await route.fetch()
      const body = await response.json()
      const hls = new URL(body.data.playback.hls_url, 'http://app')
      body.data.playback.hls_url = `/media/g/${hls.searchParams.get('grant')}/master.m3u8`
      await route.fulfill({ response, json: body })
    } catch {
      // The page gave the request up (a reload while it was asked).
    }
  })
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/media/')) asked.push(url.pathname)
  })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await controlledBy(page)
  const controls = new DownloadControls(page)
  await controls.download()
  await expect(controls.complete).toBeVisible({ timeout: 30_000 })
  expect(asked.some((pathname) => pathname.startsWith('/media/g/') && pathname.endsWith('/part'))).toBe(true)
  // Stored under the video's own names: no grant in any key, whatever the shape of the URLs it came from.
  const keys = Object.keys(await offlineCacheEntries(page)).filter((key) => key.startsWith(`/offline-media/${videoId}/`))
  expect(keys).toEqual(expect.arrayContaining([`/offline-media/${videoId}/offline.m3u8`, `/offline-media/${videoId}/v360p/index.m3u8`]))
  expect(keys.filter((key) => key.includes('grant') || key.includes('/media/'))).toEqual([])

  // Now the server hands out the new shape (the page reads its detail again); offline, the earlier
  // download plays from the device.
  await page.unroute(detail)
  asked.length = 0
  await page.reload()
  await expect(controls.complete).toBeVisible()
  await context.setOffline(true)
  await page.reload()
  await playUntil(page, 2)
  expect(asked.filter((pathname) => pathname.startsWith('/media/g/'))).toEqual([])
})
