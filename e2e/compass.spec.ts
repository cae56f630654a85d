/**
 * The learner's compass, end to end against the real server: a learner finishes a video, answers
 * "How much did you understand?" offline, comes back online and the rating reaches the server once;
 * other learners' ratings (through the API) make the difficulty show on the card and move; the
 * progress page's year heatmap holds today's minutes; up next counts down and can be cancelled.
 */
import type { Page } from '@playwright/test'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { anotherLearnerRates, inSeries, ratingsStored, watch } from './compass-data.ts'
import { expect, test } from './fixtures.ts'
import { outboxIds } from './outbox.ts'
import { ListCompass, RatingQuestion, UpNextPanel, YearHeatmap } from './pages/CompassPages.ts'
import { VideoPage, VideosPage } from './pages/WatchPages.ts'
import { E2E_TIME_ZONE } from './time-zone.ts'

/** Plays the open video to its end (muted, as a click would start it). */
async function playToEnd(page: Page) {
  const video = new VideoPage(page)
  await video.play()
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.ended === true, undefined, { timeout: 40_000, polling: 250 })
}

const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: E2E_TIME_ZONE }).format(new Date())

test('finish a video, rate it offline, come online: the rating lands once, and learners’ ratings make the difficulty show and move', async ({ page, context, server, signInAs }) => {
  test.setTimeout(120_000)
  const duration = 12
  const title = `Bến Thành ${Date.now()}`
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, duration), duration, title })
  await inSeries(server, [videoId, await seedVideo(server, { access: 'free', duration: 60, title: `Then this ${Date.now()}` })]) // what up next offers
  const { user } = await signInAs({ path: '/languages/vi/videos' })

  const list = new VideosPage(page)
  // Other specs' videos share this server: the learner searches for hers, as she would in a long list.
  const findCard = async () => {
    await list.search.fill(title)
    return list.card(title)
  }
  await (await findCard()).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const rating = new RatingQuestion(page)
  await expect(rating.prompt).toBeHidden() // not before half is watched
  await playToEnd(page)

  // The question comes once the video ends: under the player, not in the way. Up next waits here.
  await expect(rating.prompt).toBeVisible()
  const upNext = new UpNextPanel(page)
  await expect(upNext.countdown).toBeVisible()
  await upNext.cancel.click()
  await expectNoSeriousViolations(page) // the question and up next (cancelled first: axe may take longer than 8 s)
  await context.setOffline(true)
  await rating.answer('Most of it')
  await expect(rating.status).toContainText('Saved on this device: Most of it')
  expect(await outboxIds(page, 'rating')).toHaveLength(1)
  // A change of mind replaces the unsent answer: still one waits.
  await rating.answer('About half')
  await rating.answer('Most of it')
  expect(await outboxIds(page, 'rating')).toHaveLength(1)
  expect((await ratingsStored(server, user.id, videoId)).receipts).toBe(0)

  await context.setOffline(false)
  await expect.poll(() => outboxIds(page), { timeout: 20_000 }).toEqual([])
  const stored = await ratingsStored(server, user.id, videoId)
  expect(stored.kept.map((row) => row.understood)).toEqual([4])
  expect(stored.receipts).toBe(1)

  // Closed, the answer stays on the video page, changeable.
  await rating.skip.click()
  await expect(rating.prompt).toBeHidden()
  await expect(rating.mineValue).toHaveText('Your rating: Most of it')

  // Fewer than 5 ratings: no score on the card, my own rating is there.
  const compass = new ListCompass(page)
  await list.open('vi')
  // The list is in the For you order, which is what "Next for you" would repeat: that row is left out.
  await expect(list.cards.first()).toBeVisible()
  await expect(compass.nextForYou).toBeHidden()
  const card = await findCard()
  await expect(card.getByTestId('video-my-rating')).toHaveText('You: Most of it')
  await expectNoSeriousViolations(page)
  expect(await compass.difficultyOf(card)).toBeNull()

  // Four more learners: five ratings, the score shows.
  for (let i = 0; i < 4; i++) await anotherLearnerRates(server, videoId, duration, 3)
  await page.reload()
  await findCard()
  await expect(card.getByTestId('video-difficulty')).toBeVisible()
  const first = (await compass.difficultyOf(card))!
  expect(first).toBeGreaterThanOrEqual(1)
  expect(first).toBeLessThanOrEqual(100)

  // A learner who understood almost nothing: the video reads harder.
  await anotherLearnerRates(server, videoId, duration, 1)
  await page.reload()
  await findCard()
  await expect.poll(() => compass.difficultyOf(card)).toBeGreaterThan(first)
  // Sorted by difficulty and narrowed to a range holding it, it stays; a range above it hides it.
  await list.inSheet(() => list.sort.selectOption('difficulty'))
  await expect(card).toBeVisible()
  await list.inSheet(() => compass.difficultyMin.fill('90'))
  await expect(card).toBeHidden()
})

test('leaving a video after half of it asks on the list, once, and Skip puts it away', async ({ page, server, signInAs }) => {
  test.setTimeout(90_000)
  const duration = 12
  const title = `Hồ Gươm ${Date.now()}`
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, duration), duration, title })
  await signInAs({ path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(page)
  await video.play()
  await video.playUntil(7)
  await video.pause()
  const rating = new RatingQuestion(page)
  await expect(rating.prompt).toBeHidden() // not ended: nothing in the way while watching
  await expect(rating.change).toHaveText('Rate this video') // but it can be rated from here
  // The watched time reaches the server, so the list knows the video is under way.
  await expect.poll(() => outboxIds(page), { timeout: 30_000 }).toEqual([])

  await page.getByRole('link', { name: 'All videos', exact: true }).click()
  await expect(rating.prompt).toBeVisible()
  await expect(rating.prompt.getByRole('heading')).toHaveText(`You watched “${title}”. How much did you understand?`)
  await rating.skip.click()
  await expect(rating.prompt).toBeHidden()
  await page.reload()
  await expect(new VideosPage(page).list).toBeAttached()
  await expect(page.getByTestId('continue-watching')).toBeVisible()
  await expect(rating.prompt).toBeHidden()
})

test('the year heatmap shows today’s minutes, with a text equivalent and the next level', async ({ page, server, signInAs }) => {
  const videoId = await seedVideo(server, { access: 'free', duration: 600 })
  const { token } = await signInAs({ path: '/languages' })
  await watch(server, token, videoId, 180)
  await page.goto('/languages/vi/progress')
  const heatmap = new YearHeatmap(page)
  await expect(heatmap.today).toHaveText('Today: 3 min')
  const today = heatmap.day(todayThere())
  await expect(today).toHaveAttribute('data-minutes', '3')
  await expect(today).toHaveAttribute('aria-label', /: 3 min/)
  await expect(heatmap.root.locator('rect')).toHaveCount(365)
  await heatmap.root.getByText('Month by month').click()
  await expect(heatmap.months.getByRole('row').nth(1)).toContainText('3')
  await expect(heatmap.nextLevel).toContainText('to level 2')
  await expectNoSeriousViolations(page)
})

test('up next counts down to the next video, and Cancel stops it', async ({ page, server, signInAs }) => {
  test.setTimeout(120_000)
  const duration = 6
  const stamp = Date.now()
  const nextTitle = `Phở bò ${stamp}`
  const secondId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, duration), duration, title: nextTitle })
  const firstId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, duration), duration, title: `Cà phê sữa ${stamp}` })
  await inSeries(server, [firstId, secondId])
  await page.clock.install()
  await signInAs({ path: `/languages/vi/videos/${firstId}` })
  const upNext = new UpNextPanel(page)

  await playToEnd(page)
  await expect(upNext.root).toBeVisible()
  await expect(upNext.title).toHaveText(nextTitle)
  await expect(upNext.countdown).toContainText('Starts in')
  await expect(page.getByRole('status').filter({ hasText: `Up next: ${nextTitle}` })).toBeAttached()
  await upNext.cancel.click()
  await expect(upNext.countdown).toBeHidden()
  await page.clock.fastForward(10_000)
  expect(new URL(page.url()).pathname).toBe(`/languages/vi/videos/${firstId}`)
  await expect(upNext.playNow).toBeFocused()

  // Not cancelled, it opens the next video when the countdown ends.
  await page.reload()
  await playToEnd(page)
  await expect(upNext.title).toHaveText(nextTitle)
  await page.clock.fastForward(10_000)
  await page.waitForURL(`**/languages/vi/videos/${secondId}`)
  await expect(page.getByRole('heading', { level: 1, name: nextTitle })).toBeVisible()
})
