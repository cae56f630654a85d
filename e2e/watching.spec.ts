/**
 * Watching, end to end against the real server and real HLS: a learner watches, loses the network,
 * keeps watching, comments and sends feedback offline, reloads offline, comes back online, and the
 * server holds every second, the comment and the feedback exactly once, also when the page dies in
 * the middle of a flush. Offline, the comments last seen read as a saved copy. Plus the premium
 * gating of comments and the progress page's failure message.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { GRANT_TTL_SECONDS } from '../sync-server/src/media/grants.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, test } from './fixtures.ts'
import { FeedbackDialog } from './pages/FeedbackDialog.ts'
import { Navbar } from './pages/Navbar.ts'
import { outboxIds } from './outbox.ts'
import { ProgressPage, SyncStatus, VideoPage, VideosPage } from './pages/WatchPages.ts'

async function serverWatchSeconds(server: TestServer, userId: number): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom('daily_totals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('watch_seconds'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

async function count(server: TestServer, table: 'comments' | 'user_feedbacks' | 'watch_events', userId: number): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.n
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

/** The ids of the watch events waiting in the app's outbox. */
const watchEventIds = (page: Page) => outboxIds(page, 'watch_event')

/** The service worker controls the page, so a reload while offline still gets the app. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

test('watch online and offline: every second, the comment and the feedback reach the server once', async ({ page, context, server, signInAs }) => {
  test.setTimeout(150_000)
  const mediaKey = makeHlsFixture(server.dataDir, 60)
  const title = `Chợ nổi ${Date.now()}`
  await seedVideo(server, { access: 'free', mediaKey, duration: 60, title })
  const { user } = await signInAs({ premium: true, path: '/languages/vi/videos' })

  const list = new VideosPage(page)
  await expect(list.card(title)).toBeVisible()
  await list.card(title).getByRole('link').click()
  const video = new VideoPage(page)
  const status = new SyncStatus(page)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await workerInControl(page)
  await expect(status.goalBar).toBeVisible()
  const before = await status.goalSeconds()

  // Online: about 30 s of real playback; the bar moves as events are written (every 10 s of play).
  await video.play()
  await video.playUntil(30)
  await expect
    .poll(() => status.goalSeconds(), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before + 19)
    .catch(async (error: Error) => {
      // Which side lost the time, should this ever fail: the player (nothing queued or sent), the
      // sync (still queued) or the server (rows stored, yet not in today's figure). Once in CI the bar
      // stayed at 0 with everything sent, most likely because the play straddled midnight in the
      // browser's time zone (e2e/time-zone.ts now keeps the suite away from it).
      const seen = { queued: (await watchEventIds(page)).length, stored: await count(server, 'watch_events', user.id), dayTotals: await serverWatchSeconds(server, user.id) }
      throw new Error(`${error.message}\n${JSON.stringify(seen)}`)
    })

  // Offline: the buffered media keeps playing, and the bar keeps moving from the outbox alone.
  await context.setOffline(true)
  const offlineFrom = await status.goalSeconds()
  await video.playUntil(42)
  const watched = await video.pause()
  await expect.poll(() => status.goalSeconds()).toBeGreaterThanOrEqual(offlineFrom + 10)

  await video.postComment('Mình hiểu gần hết video này!')
  await expect(video.pendingComments).toHaveCount(1)
  await new Navbar(page).openFeedback()
  const feedback = new FeedbackDialog(page)
  await feedback.text.fill('Written offline, on the bus.')
  await feedback.send.click()
  await expect(feedback.thanks).toBeVisible()
  await expect(feedback.root).toBeHidden()

  // Reload while offline: the page opens from the cache, and nothing waiting was lost.
  const beforeReload = await status.goalSeconds()
  await page.reload()
  await expect(status.goalBar).toBeVisible()
  await expect.poll(() => status.goalSeconds()).toBeGreaterThanOrEqual(beforeReload - 1)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(video.pendingComments).toHaveCount(1)
  await expect.poll(() => status.pending()).toBeGreaterThanOrEqual(3) // watch events, the comment, the feedback
  expect(await count(server, 'comments', user.id)).toBe(0)
  // The list still shows offline from the cache; what is not downloaded is marked as needing a connection.
  await page.getByRole('link', { name: 'All videos', exact: true }).click()
  await expect(list.card(title)).toContainText('Needs a connection')
  await page.screenshot({ path: 'e2e/screenshots/watching-list-offline-desktop.png' })
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  // Online again: the outbox empties, and the server holds what was watched, once.
  await context.setOffline(false)
  await expect.poll(() => status.pending(), { timeout: 20_000 }).toBe(0)
  expect(Math.abs((await serverWatchSeconds(server, user.id)) - watched)).toBeLessThanOrEqual(2)
  expect(await count(server, 'comments', user.id)).toBe(1)
  expect(await count(server, 'user_feedbacks', user.id)).toBe(1)
  await expect(page.getByTestId('comment-sent').or(page.getByTestId('comment'))).toHaveCount(1)
  await expect(status.goalBar).toBeVisible()
  // The bar neither doubled nor fell back when the events left the outbox.
  expect(Math.abs((await status.goalSeconds()) - before - watched)).toBeLessThanOrEqual(3)

  // The progress page shows the video in progress, its percent, and the 30-day chart.
  const progress = new ProgressPage(page)
  await progress.open('vi')
  await expect(progress.inProgress).toContainText(title)
  await expect(progress.chart).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'e2e/screenshots/watching-progress-desktop.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'e2e/screenshots/watching-progress-mobile.png', fullPage: true })
})

test('a stream whose media link runs out mid-play gets a fresh one and plays on from the same moment', async ({ page, context, server, signInAs }) => {
  const mediaKey = makeHlsFixture(server.dataDir, 150)
  const id = await seedVideo(server, { access: 'free', mediaKey, duration: 150, title: `Hết hạn ${Date.now()}` })
  // A tiny fixture would be buffered whole (hls.js sizes its buffer by bytes), leaving nothing to fetch
  // under the old grant. So segments from 10 s on are held back until the grant has expired: the buffer
  // ends there, and the next segment the player asks for is asked under the expired grant.
  const grants: string[] = []
  const refusedGrants: string[] = []
  let expired = false
  let heldBack!: () => void
  const segmentHeldBack = new Promise<void>((resolve) => (heldBack = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/media/v/**', async (route) => {
    const url = route.request().url()
    const grant = new URL(url).searchParams.get('grant') ?? undefined
    if (grant && !grants.includes(grant)) grants.push(grant)
    const segment = Number(/seg_(\d+)\.m4s(?:\?|$)/.exec(url)?.[1] ?? -1)
    if (grant === grants[0] && segment >= 5 && !expired) {
      heldBack()
      await released
    }
    try {
      const response = await route.fetch()
      if (response.status() === 403 && grant) refusedGrants.push(grant)
      await route.fulfill({ response })
    } catch {
      // The player gave this request up (a seek) while it was held back.
    }
  })
  await signInAs({ path: `/languages/vi/videos/${id}` })
  const video = new VideoPage(page)
  const position = () => video.video.evaluate((element: HTMLVideoElement) => element.currentTime)
  await video.play()
  await expect.poll(position).toBeGreaterThan(1)
  await segmentHeldBack
  // An hour and a bit later by the server's clock, the first grant is refused by the server itself.
  server.clock.advance((GRANT_TTL_SECONDS + 60) * 1000)
  expired = true
  try {
    // Far ahead, past what is buffered: the segment there is asked for under the expired grant.
    await video.video.evaluate((element: HTMLVideoElement) => void (element.currentTime = 120))
    release()
    // hls.js retries the refused segment three times (about 7 s) before the player asks for a fresh link.
    await expect.poll(position, { timeout: 30_000 }).toBeGreaterThan(121)
    expect(refusedGrants).toContain(grants[0])
    expect(grants).toHaveLength(2)
    await expect(page.getByRole('alert')).toHaveCount(0)
  } finally {
    release()
    server.clock.reset()
  }
})

test('a page killed in the middle of a flush sends again on reopening, and the server counts it once', async ({ page, context, server, signInAs }) => {
  const mediaKey = makeHlsFixture(server.dataDir, 20)
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 20, title: `Phở ${Date.now()}` })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(page)
  await video.video.waitFor()

  // The server stores the batch, but the page dies before it hears the answer.
  let delivered!: () => void
  const reachedServer = new Promise<void>((resolve) => (delivered = resolve))
  await context.route('**/api/v1/watch_events', async (route) => {
    await route.fetch()
    delivered()
    await new Promise(() => {}) // never answers the page
  })
  await video.play()
  await video.playUntil(6)
  const watched = await video.pause()
  await reachedServer
  expect(await count(server, 'watch_events', user.id)).toBeGreaterThan(0)
  // Everything the page measured is still in its outbox, the events the server already holds included.
  const queued = await watchEventIds(page)
  await page.close()
  await context.unroute('**/api/v1/watch_events')

  // Reopened: the same items go again (the stored ones as duplicates), and leave the outbox.
  const again = await context.newPage()
  await again.goto(`/languages/vi/videos/${videoId}`)
  const status = new SyncStatus(again)
  await expect(status.indicator).toBeVisible()
  await expect.poll(() => status.pending(), { timeout: 20_000 }).toBe(0)
  const onServer = (server.ctx.sqlite.prepare('SELECT client_id FROM watch_events WHERE user_id = ?').all(user.id) as Array<{ client_id: string }>).map((row) => row.client_id)
  expect(onServer.sort()).toEqual([...queued].sort())
  expect(Math.abs((await serverWatchSeconds(server, user.id)) - watched)).toBeLessThanOrEqual(2)
})

test('a tab killed in the middle of a video loses at most a second of the time watched', async ({ page, context, server, signInAs }) => {
  const mediaKey = makeHlsFixture(server.dataDir, 40)
  const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 40, title: `Bánh mì ${Date.now()}` })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(page)
  await video.video.waitFor()
  await workerInControl(page)
  await video.bufferedTo(27)

  // Offline, so nothing reaches the server before the tab dies.
  await context.setOffline(true)
  await video.play()
  await video.playUntil(25)
  // Killed as a phone kills an app: the renderer dies at once, no pagehide, no pause, no last write.
  const cdp = await context.newCDPSession(page)
  const crashed = page.waitForEvent('crash')
  const watched = await video.currentTime()
  void cdp.send('Page.crash').catch(() => undefined)
  await crashed
  await page.close({ runBeforeUnload: false })
  expect(await serverWatchSeconds(server, user.id)).toBe(0)

  // Opened again (still offline, from the service worker), then back online.
  const again = await context.newPage()
  await again.goto(`/languages/vi/videos/${videoId}`)
  const status = new SyncStatus(again)
  await expect(status.indicator).toBeVisible()
  await context.setOffline(false)
  await expect.poll(() => serverWatchSeconds(server, user.id), { timeout: 20_000 }).toBeGreaterThanOrEqual(watched - 1)
  await expect.poll(() => status.pending()).toBe(0)
  expect(await serverWatchSeconds(server, user.id)).toBeLessThanOrEqual(watched + 0.5)

  // Once: another start sends nothing more.
  await again.reload()
  await expect(status.indicator).toBeVisible()
  await expect.poll(() => status.pending()).toBe(0)
  expect(await serverWatchSeconds(server, user.id)).toBeLessThanOrEqual(watched + 0.5)
})

/** Another premium member comments on the video, through the API. */
async function commentAs(server: TestServer, email: string, videoId: number, text: string) {
  const { token } = await signIn(server, email)
  server.ctx.sqlite.prepare('UPDATE users SET is_premium = 1 WHERE email = ?').run(email)
  const response = await fetch(`${server.api}/videos/${videoId}/comments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ comment: { text, client_id: crypto.randomUUID() } }),
  })
  expect(response.status).toBe(201)
}

test('offline, the comments last seen show as a saved copy with its time, not as an error, and new ones arrive back online', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4, title: `Bún chả ${Date.now()}` })
  const stamp = Date.now()
  await commentAs(server, `lan-${stamp}@example.com`, videoId, 'Giọng miền Bắc rõ quá!')
  await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(page)
  await expect(video.listedComments).toHaveText([/Giọng miền Bắc rõ quá!/])
  await workerInControl(page)

  // Offline, the page reopens from the cache with the comments as last seen, and says so plainly.
  await context.setOffline(true)
  await page.reload()
  await expect(video.savedCommentsNote).toHaveText(/^You're offline: these are the comments saved on .+\. New ones appear when you're back online\.$/)
  await expect(video.listedComments).toHaveText([/Giọng miền Bắc rõ quá!/])
  await expect(video.commentsFailed).toHaveCount(0)
  await video.postComment('Mình sẽ thử nấu món này.')
  await expect(video.pendingComments).toHaveCount(1)
  await page.screenshot({ path: 'e2e/screenshots/watching-comments-offline-desktop.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await video.comments.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'e2e/screenshots/watching-comments-offline-mobile.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Meanwhile someone else comments; back online, the list is the server's again, theirs and ours in it.
  await commentAs(server, `minh-${stamp}@example.com`, videoId, 'Cảm ơn bạn đã chia sẻ.')
  await context.setOffline(false)
  await expect(video.savedCommentsNote).toHaveCount(0)
  await expect(video.listedComments).toHaveText([/Giọng miền Bắc rõ quá!/, /Cảm ơn bạn đã chia sẻ\./, /Mình sẽ thử nấu món này\./], { timeout: 20_000 })
  await expect(video.pendingComments).toHaveCount(0)
})

test('comments are for premium members; others are invited to upgrade, and premium videos ask for it', async ({ page, server, signInAs }) => {
  const free = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4, title: 'Free one' })
  const premium = await seedVideo(server, { access: 'premium', duration: 60, title: 'Premium one' })
  const preview = await seedVideo(server, { access: 'preview', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4, title: 'Preview one' })
  await signInAs({ path: `/languages/vi/videos/${free}` })
  const video = new VideoPage(page)
  await expect(video.commentsUpgrade).toContainText('Sign up for premium to join the conversation')
  await expect(video.commentsUpgrade.getByRole('link')).toHaveAttribute('href', '/billing?plan=year')
  await expect(video.commentInput).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'e2e/screenshots/watching-video-free-mobile.png', fullPage: true })

  await video.open('vi', preview)
  await expect(page.getByTestId('preview-notice')).toContainText("You're watching a preview")
  await expect(video.video).toBeVisible()

  await video.open('vi', premium)
  await expect(video.upgradePrompt).toBeVisible()
  await expect(video.upgradePrompt.getByRole('link')).toHaveAttribute('href', '/billing?plan=year')
  await expect(video.video).toHaveCount(0)
})

test('premium members see the validation messages and their comment go from pending to sent', async ({ page, server, signInAs }) => {
  const id = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4, title: 'Talk' })
  await signInAs({ premium: true, path: `/languages/vi/videos/${id}` })
  const video = new VideoPage(page)
  await video.commentSubmit.click()
  await expect(video.commentError).toHaveText('Comment cannot be empty')
  await video.postComment('x'.repeat(2000))
  await expect(video.commentError).toHaveText('Comment must be under 2000 characters')
  await video.postComment('Cảm ơn bạn!')
  await expect(page.getByTestId('comment-sent')).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(1)
  await page.screenshot({ path: 'e2e/screenshots/watching-video-premium-desktop.png', fullPage: true })
  await expectNoSeriousViolations(page)

  // A comment the server refuses leaves the outbox for the dead letters, which the person can see.
  await page.route(`**/api/v1/videos/${id}/comments`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'validation', message: 'Comment must be under 2000 characters', errors: ['Comment must be under 2000 characters'] }) })
      : route.continue(),
  )
  await video.postComment('Refused by the server')
  await expect(page.getByTestId('comment-refused')).toContainText('Comment must be under 2000 characters')
  await page.getByTestId('sync-indicator').click()
  await expect(page.getByTestId('dead-letters')).toContainText('Comment must be under 2000 characters')
  await page.screenshot({ path: 'e2e/screenshots/watching-sync-dialog-desktop.png' })
  await page.getByTestId('dead-letters-clear').click()
  await expect(page.getByTestId('dead-letters')).toHaveCount(0)
  await expect(page.getByTestId('comment-refused')).toHaveCount(0)
})

test('the list filters and searches, says why it is empty, and the progress page says when it cannot load', async ({ page, context, server, signInAs }) => {
  const stamp = Date.now()
  await seedVideo(server, { access: 'preview', level: 'advanced', title: `Tin tức ${stamp}` })
  await seedVideo(server, { access: 'free', level: 'introductory', title: `Chào ${stamp}` })
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  await list.search.fill(String(stamp)) // other specs' videos share this server and may fill the first page
  await expect(list.card(`Tin tức ${stamp}`)).toBeVisible()
  await list.inSheet(() => list.level.selectOption('advanced'))
  await expect(list.cards).toHaveCount(1)
  await expect(list.cards.first()).toContainText('Preview')
  // The level in use is a chip on the line: one tap clears it.
  await expect(list.activeFilters).toHaveText(['Advanced'])
  await list.activeFilters.first().click()
  await expect(list.activeFilters).toHaveCount(0)
  await list.freeChip.click()
  await expect(list.cards).toHaveCount(1)
  await expect(list.cards.first()).toContainText(`Chào ${stamp}`)
  await page.screenshot({ path: 'e2e/screenshots/watching-list-desktop.png', fullPage: true })
  await expectNoSeriousViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await list.search.fill('')
  await list.search.blur()
  await list.freeChip.click()
  await page.screenshot({ path: 'e2e/screenshots/watching-list-mobile.png', fullPage: true })
  // An empty list says why: the filters, or a language with no videos yet.
  await list.search.fill(`nothing-${stamp}`)
  await expect(list.empty).toHaveText('No videos match these filters.')
  // A language with no videos yet says so: cantonese.spec.ts reads that on this worker's server before it publishes the first Cantonese video.

  await context.route('**/api/v1/me/progress*', (route) => route.abort())
  const progress = new ProgressPage(page)
  await progress.open('vi')
  await expect(progress.failed).toHaveText('Failed to load progress data')
})
