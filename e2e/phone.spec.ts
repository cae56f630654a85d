/**
 * A new learner on a 390×844 phone (issue 32): the first video in the first screen, the videos that
 * suit her first, the account page one menu away, nothing laid over what she taps, a download's size
 * told before it that matches it, a not-found page with the way back, and focus back where it was when
 * a dialog closes with Esc.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from './fixtures.ts'
import { DownloadControls } from './pages/Downloads.ts'
import { Navbar, UserMenuItems } from './pages/Navbar.ts'
import { bytesIn, controlsCoveredBy, isFixedLayer, offerInstalling, whollyInView } from './pages/PhoneChecks.ts'
import { VideoPage, VideosPage } from './pages/WatchPages.ts'
import { shoot } from './spoken-lines.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { generateTestVideo, probeVideo, transcodeToHls } from '../sync-server/src/media/ffmpeg.ts'
import { mediaDir, newMediaKey } from '../sync-server/src/storage/media-paths.ts'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

/**
 * `first` is on the page and `second` after it or not on it: the list is paged, and the videos other
 * tests seeded on this server can push the later one past the first page.
 */
function listedBefore(ids: number[], first: number, second: number): boolean {
  const at = ids.indexOf(first)
  const later = ids.indexOf(second)
  return at >= 0 && (later === -1 || at < later)
}

test('a new beginner sees a whole video card in the first screen, and the introductory one first, not the newest advanced news', async ({ page, server, signInAs }) => {
  const stamp = Date.now()
  // The introductory video is the older one: under "Newest" the advanced premium news would lead.
  const news = await seedVideo(server, { level: 'advanced', access: 'premium', title: `Tin tức ${stamp}`, mediaKey: makeHlsFixture(server.dataDir, 4) })
  const intro = await seedVideo(server, { level: 'introductory', access: 'free', title: `Xin chào ${stamp}`, mediaKey: makeHlsFixture(server.dataDir, 4) })
  // The introductory video is a day older than the news: "Newest" would put the news first.
  await server.ctx.database.db.updateTable('videos').set({ published_at: new Date(Date.now() - 86_400_000).toISOString() }).where('id', '=', intro).execute()
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  const navbar = new Navbar(page)
  await expect(navbar.goalBar).toBeVisible()
  await expect(list.cards.first()).toBeVisible()
  // Her level first (other tests' introductory videos may share the list): never the advanced news.
  await expect(list.cards.first().locator('.video-level')).toHaveText('Introductory')
  const order = await list.cards.evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-video-id'))))
  expect(listedBefore(order, intro, news)).toBe(true)
  await page.evaluate(() => document.fonts.ready.then(() => true))
  expect(await whollyInView(list.cards.first())).toBe(true)
  // At most two short lines of controls above the videos: the search, then the chips, which wrap rather
  // than run off the screen (issue 41 item 17); the first card is still whole in the first screen (above).
  const toolbar = await list.toolbar.boundingBox()
  expect(toolbar!.height).toBeLessThan(110)

  // "Newest" is still a choice, and the order it gives is the one asked for.
  await list.inSheet(() => list.sort.selectOption('newest'))
  await expect(list.card(`Tin tức ${stamp}`)).toBeVisible()
  // The list re-sorts once the choice is read: ask until it has (on a loaded machine the old order stays a moment).
  const ids = () => list.cards.evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-video-id'))))
  await expect.poll(async () => listedBefore(await ids(), news, intro)).toBe(true)
  await expect(list.activeFilters).toHaveText(['Newest'])
  await list.activeFilters.first().click()
  await expect(list.activeFilters).toHaveCount(0)
  await expect(list.cards.first().locator('.video-level')).toHaveText('Introductory')
})

test('a free learner finds her account in the user menu, and no dialog closed with Esc leaves her focus lost', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages' })
  const navbar = new Navbar(page)
  await navbar.openUserMenu()
  await new UserMenuItems(page).account.click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await navbar.openSettings()
  await expect(page.getByTestId('settings-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('settings-dialog')).toBeHidden()
  await expect(navbar.userMenuButton).toBeFocused()
})

test('admins and premium members never see Upgrade', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages', admin: true })
  const navbar = new Navbar(page)
  await expect(navbar.root).toBeVisible()
  await expect(navbar.upgrade).toHaveCount(0)
  await signInAs({ path: '/languages', premium: true })
  await expect(navbar.root).toBeVisible()
  await expect(navbar.upgrade).toHaveCount(0)
})

test('the install offer is a slim banner under the list, not a slot of it, over no control; "Not now" holds for weeks while the menu still offers it', async ({ page, server, signInAs }) => {
  const stamp = Date.now()
  for (let i = 0; i < 3; i++) await seedVideo(server, { level: 'introductory', title: `Bài ${i} ${stamp}`, mediaKey: makeHlsFixture(server.dataDir, 4) })
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  await expect(list.cards.first()).toBeVisible()
  await offerInstalling(page)
  const banner = page.getByTestId('install-banner')
  await expect(banner).toBeVisible()
  expect(await isFixedLayer(banner)).toBe(false)
  // Not a card of the grid: the grid holds videos (and, for a beginner, the placement offer after the
  // first card, issue 42), and the banner comes after it.
  await expect(list.list.getByTestId('install-banner')).toHaveCount(0)
  expect(
    await list.list.evaluate((grid) => [...grid.children].every((child) => child.getAttribute('data-testid') === 'video-card' || child.querySelector(':scope > [data-testid="placement-offer"]') !== null)),
  ).toBe(true)
  // Both read in the page at one moment (a handle to the grid taken before could be of a list the page
  // had since drawn again: CI once compared the banner with such a detached grid).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const grids = document.querySelectorAll('[data-testid="video-list"]')
        const installBanner = document.querySelector('[data-testid="install-banner"]')
        return grids.length === 1 && installBanner !== null && Boolean(grids[0].compareDocumentPosition(installBanner) & Node.DOCUMENT_POSITION_FOLLOWING)
      }),
    )
    .toBe(true)
  // Slim: no taller than two lines of buttons.
  expect((await banner.boundingBox())!.height).toBeLessThan(130)
  for (const scroll of [0, 400, 800]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll)
    expect(await controlsCoveredBy(page, banner)).toEqual([])
  }
  await shoot(page, 'install-banner-list-phone')
  const phone = page.viewportSize()!
  await page.setViewportSize({ width: 1366, height: 900 })
  await banner.scrollIntoViewIfNeeded()
  await shoot(page, 'install-banner-list-desktop')
  await page.setViewportSize(phone)
  await banner.getByRole('button', { name: 'Not now' }).click()
  await expect(banner).toHaveCount(0)
  await page.reload()
  await expect(list.cards.first()).toBeVisible()
  await offerInstalling(page)
  const menu = new UserMenuItems(page)
  await new Navbar(page).openUserMenu()
  await expect(menu.install).toBeVisible()
  await expect(banner).toHaveCount(0)
  // Five weeks later it is offered once more.
  await page.evaluate(() => localStorage.setItem('installDismissed', String(Date.now() - 35 * 86_400_000)))
  await page.reload()
  await expect(list.cards.first()).toBeVisible()
  await offerInstalling(page)
  await expect(banner).toBeVisible()
})

test('the install offer is not made offline, nor on the apply page', async ({ page, context, server, signInAs }) => {
  await seedVideo(server, { level: 'introductory', title: `Bài offline ${Date.now()}`, mediaKey: makeHlsFixture(server.dataDir, 4) })
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  await expect(list.cards.first()).toBeVisible()
  await offerInstalling(page)
  const banner = page.getByTestId('install-banner')
  await expect(banner).toBeVisible()
  await context.setOffline(true)
  await expect(banner).toHaveCount(0)
  await context.setOffline(false)
  await expect(banner).toBeVisible()
  await page.goto('/apply')
  await expect(page.locator('main')).toBeVisible()
  await offerInstalling(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner).toHaveCount(0)
})

test('the size told before a download is within 10% of the download, on a real ladder', async ({ page, server, signInAs }) => {
  test.setTimeout(120_000)
  // A video through the server's own transcoder: its ladder and master as a contributor's would be.
  const source = path.join(server.dataDir, `size-source-${Date.now()}.mp4`)
  await generateTestVideo({ out: source, seconds: 20, width: 640, height: 360 })
  const probed = await probeVideo(source)
  if (!probed.ok) throw new Error(probed.reason)
  const mediaKey = newMediaKey()
  await transcodeToHls({ source, outDir: mediaDir(server.dataDir, mediaKey), video: probed.video })
  const rendition = path.join(mediaDir(server.dataDir, mediaKey), 'v360p')
  const onDisk = fs.readdirSync(rendition).filter((file) => /\.(m4s|mp4)$/.test(file)).reduce((sum, file) => sum + fs.statSync(path.join(rendition, file)).size, 0)
  const videoId = await seedVideo(server, { access: 'free', level: 'introductory', duration: probed.video.durationSeconds, mediaKey })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  await new VideoPage(page).video.waitFor()
  const controls = new DownloadControls(page)
  // The Video choice keeps its line (a blank) until the playlists are read: wait for the size itself.
  await expect(controls.size).toHaveText(/\d\s*(KB|MB|GB)/, { timeout: 20_000 })
  const told = bytesIn((await controls.size.textContent()) ?? '')
  expect(Math.abs(told - onDisk) / onDisk).toBeLessThan(0.1)

  await controls.download()
  await expect(controls.complete).toBeVisible({ timeout: 60_000 })
  const stored = bytesIn((await controls.complete.textContent()) ?? '')
  expect(Math.abs(told - stored) / stored).toBeLessThan(0.1)
})

test('a path that is no page says so and leads back; a language code that does not exist says that', async ({ page, signInAs }) => {
  await signInAs({ path: '/no-such-page' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  expect(await whollyInView(page.getByTestId('not-found-back'))).toBe(true)
  await page.getByTestId('not-found-back').click()
  await expect(page).toHaveURL(/\/languages$/)

  await new VideosPage(page).open('xx')
  await expect(page.getByTestId('videos-no-language')).toContainText('There is no language with the code “xx”.')
  await expect(page.getByText('Showing what is saved on this device')).toHaveCount(0)
})
