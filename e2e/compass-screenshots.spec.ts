/**
 * Phone (390×844) and desktop (1280×800) screenshots of the learner's compass, into e2e/screenshots/
 * (not committed), for people to look at: the list with its rows and difficulty, the rating question
 * with up next under a finished video, the question on the list after leaving a video, and the
 * progress page's year. The assertions only make sure each has rendered.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { uuidv7 } from '../contract/ids.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'
import { RatingQuestion, UpNextPanel, YearHeatmap } from './pages/CompassPages.ts'
import { VideoPage } from './pages/WatchPages.ts'
import { E2E_TIME_ZONE } from './time-zone.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

async function shoot(page: Page, name: string, viewport: string, fullPage = false) {
  await page.evaluate(() => document.fonts.ready.then(() => true))
  await page.screenshot({ path: path.join(SHOTS, `compass-${name}-${viewport}.png`), fullPage })
}

async function post(server: TestServer, token: string, pathName: string, body: unknown) {
  const response = await fetch(`${server.api}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-time-zone': E2E_TIME_ZONE },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${pathName} answered ${response.status}: ${await response.text()}`)
}

/** `seconds` of one video from its start, in stretches of a minute ending `daysAgo` days ago. */
async function watch(server: TestServer, token: string, videoId: number, seconds: number, daysAgo = 0) {
  const end = server.clock.now() - daysAgo * 86_400_000
  const events = []
  for (let from = 0, i = 0; from < seconds; from += 60, i++) {
    const length = Math.min(60, seconds - from)
    events.push({ client_id: uuidv7(), video_id: videoId, position_from: from, position_to: from + length, watched_seconds: length, playback_rate: 1, occurred_at: new Date(end - i * 61_000).toISOString() })
  }
  await post(server, token, '/watch_events', { events })
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} compass screenshots`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('list, rating, up next, year', async ({ page, server, signInAs }) => {
      test.setTimeout(180_000)
      const stamp = Date.now()
      const mediaKey = makeHlsFixture(server.dataDir, 6)
      const titles = ['Chợ Bến Thành buổi sáng', 'Nấu phở bò ở nhà', 'Đi xe buýt ở Hà Nội', 'Một ngày ở Đà Lạt', 'Học tiếng Việt qua bài hát', 'Cà phê sữa đá']
      const ids: number[] = []
      for (const [index, title] of titles.entries()) {
        const level = (['introductory', 'beginner', 'beginner', 'intermediate', 'intermediate', 'advanced'] as const)[index]
        ids.push(await seedVideo(server, { access: 'free', duration: index === 5 ? 6 : 600, level, title: `${title} ${stamp % 1000}`, mediaKey: index === 5 ? mediaKey : undefined }))
      }
      // Five learners rate the first two: their difficulty shows.
      for (let i = 0; i < 5; i++) {
        const { token } = await signIn(server, uniqueEmail('rater'))
        for (const [n, id] of ids.slice(0, 2).entries()) {
          await watch(server, token, id, 600)
          await post(server, token, '/ratings', { ratings: [{ client_id: uuidv7(), video_id: id, understood: n === 0 ? 5 : 2, occurred_at: new Date(server.clock.now()).toISOString() }] })
        }
      }
      const { token } = await signInAs({ path: '/languages' })
      // Me: a video half watched (Continue watching), minutes on several days (the year).
      await watch(server, token, ids[2]!, 300)
      for (const daysAgo of [1, 2, 3, 5, 8, 9, 12, 20, 27]) await watch(server, token, ids[3]!, 60 * (daysAgo % 4) + 60, daysAgo)

      // The list with its rows.
      await page.goto('/languages/vi/videos')
      await expect(page.getByTestId('continue-watching')).toBeVisible()
      await expect(page.getByTestId('video-difficulty').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      await shoot(page, 'list', viewport.name)
      await shoot(page, 'list-full', viewport.name, true)

      // The last video played to its end: the question and up next under the player.
      await page.goto(`/languages/vi/videos/${ids[5]}`)
      const video = new VideoPage(page)
      await video.play()
      const rating = new RatingQuestion(page)
      await expect(rating.prompt).toBeVisible({ timeout: 30_000 })
      const upNext = new UpNextPanel(page)
      await expect(upNext.root).toBeVisible()
      await upNext.cancel.click()
      await rating.prompt.scrollIntoViewIfNeeded()
      await shoot(page, 'video-ended', viewport.name)
      await rating.answer('About half')
      await expect(rating.status).toBeVisible()
      await shoot(page, 'video-rated', viewport.name)

      // The year.
      await page.goto('/languages/vi/progress')
      const year = new YearHeatmap(page)
      await expect(year.today).toBeVisible()
      await year.root.scrollIntoViewIfNeeded()
      await shoot(page, 'year', viewport.name)
      await page.getByText('Month by month').click()
      await shoot(page, 'progress-full', viewport.name, true)
    })
  })
}
