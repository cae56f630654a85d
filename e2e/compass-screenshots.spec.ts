/**
 * Phone (390×844) and desktop (1280×800) screenshots of the learner's compass, into e2e/screenshots/
 * (not committed), for people to look at: the list with its rows and difficulty, the rating question
 * with up next under a finished video, the question on the list after leaving a video, and the
 * progress page's year. The assertions only make sure each has rendered.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { anotherLearnerRates, inSeries, watch } from './compass-data.ts'
import { expect, test } from './fixtures.ts'
import { picturesInView } from './pictures-in-view.ts'
import { RatingQuestion, UpNextPanel, YearHeatmap } from './pages/CompassPages.ts'
import { VideoPage } from './pages/WatchPages.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

async function shoot(page: Page, name: string, viewport: string, fullPage = false) {
  await page.evaluate(() => document.fonts.ready.then(() => true))
  await page.screenshot({ path: path.join(SHOTS, `compass-${name}-${viewport}.png`), fullPage })
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
        await anotherLearnerRates(server, ids[0]!, 600, 5)
        await anotherLearnerRates(server, ids[1]!, 600, 2)
      }
      // The last two make a series, so up next offers the second when the first ends.
      await inSeries(server, [ids[5]!, ids[4]!])
      const { token } = await signInAs({ path: '/languages' })
      // Me: a video half watched (Continue watching), minutes on several days (the year).
      await watch(server, token, ids[2]!, 300)
      for (const daysAgo of [1, 2, 3, 5, 8, 9, 12, 20, 27]) await watch(server, token, ids[3]!, 60 * (daysAgo % 4) + 60, daysAgo)

      // The list with its rows.
      await page.goto('/languages/vi/videos')
      await expect(page.getByTestId('continue-watching')).toBeVisible()
      await expect(page.getByTestId('video-difficulty').first()).toBeVisible()
      await picturesInView(page)
      await shoot(page, 'list', viewport.name)
      await shoot(page, 'list-full', viewport.name, true)

      // The last video played to its end: the question and up next under the player.
      await page.goto(`/languages/vi/videos/${ids[5]}`)
      const video = new VideoPage(page)
      await video.play()
      const rating = new RatingQuestion(page)
      await expect(rating.prompt).toBeVisible({ timeout: 30_000 })
      const upNext = new UpNextPanel(page)
      await expect(upNext.countdown).toBeVisible()
      await upNext.root.scrollIntoViewIfNeeded()
      await shoot(page, 'video-ended', viewport.name) // inside the 8 s, before up next moves on
      await upNext.cancel.click()
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
