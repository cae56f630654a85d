/**
 * A new server's first minutes (issue 41): while the demo is made video by video, the videos page says
 * how many are ready ("Making the demo videos: 2 of 7 ready"), updating by itself, instead of "no videos
 * yet", and the videos appear as they are published. A server of its own, so the demo touches no other spec.
 */
import { DEMO_VIDEOS } from '../sync-server/src/demo/catalogue.ts'
import { seedDemoCatalogue } from '../sync-server/src/demo/seed-demo.ts'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, openAs, pwaDist, test } from './fixtures.ts'

let own: TestServer

test.beforeAll(async () => {
  own = await startTestServer({ pwaDist })
})
test.afterAll(async () => {
  await own?.close()
})

// The Vietnamese shelf counts its own videos ("2 of 7"); the Cantonese ones come after them, on their own shelf.
const VIETNAMESE = DEMO_VIDEOS.filter((video) => video.language === 'vi').length

test('the videos page tells how many demo videos are ready, and shows each as it comes', async ({ page }) => {
  test.setTimeout(240_000)
  // The short demo (the first saying of each script) through the real pipeline, not awaited: the page watches it.
  const seeding = seedDemoCatalogue(own.ctx, { sayings: 1 })
  const { token } = await signIn(own, 'newcomer@example.com')
  const me = (await (await fetch(`${own.api}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown
  await openAs(page, { token, user: me }, '/languages/vi/videos', own.baseUrl)

  const progress = page.getByTestId('demo-progress')
  await expect(progress).toContainText(new RegExp(`Making the demo videos: \\d of ${VIETNAMESE} ready`))
  await expect(page.getByTestId('videos-empty')).toHaveCount(0)
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `e2e/screenshots/demo-progress-${size.width < 600 ? 'phone' : 'desktop'}.png` })
  }
  // It moves by itself, with the cards: at least one more ready than when first seen, without a reload.
  // The cards come from the list's own answer, a moment after the count's: on a fast machine the demo
  // can publish several between the two, so the cards reach the count seen rather than equal it.
  const first = Number(/(\d) of/.exec((await progress.textContent()) ?? '')![1])
  await expect.poll(() => page.getByTestId('video-card').count()).toBeGreaterThanOrEqual(first)
  // More come without a reload: the short demo's videos can be published faster than the page asks (every
  // 3 s), so the count may jump by more than one; the notice may even be gone once all are ready.
  const readyNow = async () => {
    const text = (await progress.textContent({ timeout: 1_000 }).catch(() => null)) ?? ''
    return text ? Number(/(\d) of/.exec(text)?.[1] ?? -1) : VIETNAMESE
  }
  await expect.poll(readyNow, { timeout: 120_000 }).toBeGreaterThan(first)
  await expect.poll(async () => (await page.getByTestId('video-card').count()) > first, { timeout: 30_000 }).toBe(true)

  await seeding
  await own.ctx.jobs.whenIdle()
  // All published: the notice goes and the seven Vietnamese ones are listed.
  await expect(progress).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('video-card')).toHaveCount(VIETNAMESE)
})
