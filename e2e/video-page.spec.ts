/**
 * The video page as a learner sees it (issue 41), on a 390×844 phone (touch) and a 1366×900 desktop:
 * on a desktop the transcript sits beside the picture, as tall as the player, the facts under it; with
 * English on each line shows its English under it; a line's time plays from there, paused or not; at
 * a line-end pause nothing sits over the middle of the picture or over the line, and the captions read
 * on a phone; the key help shows only where there are keys; a video page that could not load offline
 * comes back by itself with the network, and Retry works; our own Picture-in-Picture takes the line along.
 */
import type { Locator } from '@playwright/test'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { ENGLISH, ENGLISH_LINES, LINES, WORDS, shoot } from './spoken-lines.ts'
import { CaptionsPlayer } from './pages/Captions.ts'
import { PlayerModel } from './pages/Player.ts'
import { VideoPage } from './pages/WatchPages.ts'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'desktop', width: 1366, height: 900, touch: false },
]

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.touch })

    test('the transcript beside the picture on a desktop, English under each line, and a line’s time plays from there', async ({ page, server, signInAs }) => {
      const learner = await signInAs({ path: '/languages' })
      const videoId = await captionedVideo(server, learner.user.id, `Bên cạnh ${viewport.name}`, { seconds: 18, vi: vtt(LINES), en: vtt(ENGLISH_LINES) })
      const player = new PlayerModel(page)
      const captions = new CaptionsPlayer(page)
      const video = new VideoPage(page)
      await video.open('vi', videoId)
      await expect(captions.lines).toHaveCount(LINES.length)
      await expect(video.facts).toBeAttached()

      const stage = await box(page.locator('.player-stage'))
      const transcript = await box(captions.transcript)
      const facts = await box(video.facts)
      if (viewport.touch) {
        // A phone: one column, the transcript under the player.
        expect(transcript.y).toBeGreaterThanOrEqual(stage.y + stage.height)
      } else {
        // Beside the picture and its line tools, exactly as tall; the facts under them.
        expect(transcript.x).toBeGreaterThanOrEqual(stage.x + stage.width)
        expect(Math.abs(transcript.y - stage.y)).toBeLessThanOrEqual(1)
        expect(Math.abs(transcript.y + transcript.height - (stage.y + stage.height))).toBeLessThanOrEqual(1)
        expect(transcript.width).toBeGreaterThan(280)
      }
      expect(facts.y).toBeGreaterThanOrEqual(stage.y + stage.height)

      // English off: Vietnamese alone. English on (under the picture): under each line too, and the
      // transcript's own toggle turns it off for both.
      await expect(captions.translations).toHaveCount(0)
      await expect(captions.englishToggle).toHaveAttribute('aria-pressed', 'false')
      await captions.toggle('en').click()
      await expect(captions.translations).toHaveText(ENGLISH)
      await expect(captions.englishToggle).toHaveAttribute('aria-pressed', 'true')
      await expect(captions.lines.nth(2)).toHaveText(`0:06${WORDS[2]}${ENGLISH[2]}`)
      await shoot(page, `video-page-transcript-${viewport.width}x${viewport.height}`)
      await captions.englishToggle.click()
      await expect(captions.translations).toHaveCount(0)
      await expect(captions.toggle('en')).toHaveAttribute('aria-pressed', 'false')
      await captions.englishToggle.click()
      await expect(captions.translations).toHaveCount(ENGLISH.length)

      // Paused, a line's time plays from there ("hear this"); its words are not part of that button.
      expect(await player.paused()).toBe(true)
      await captions.line(/Mẹ mua rau/).click()
      await expect.poll(() => player.paused()).toBe(false)
      expect(await player.currentTime()).toBeGreaterThanOrEqual(6)
      await expect(captions.currentLine).toContainText(WORDS[2])
      await expect(captions.transcript.locator('button .transcript-text')).toHaveCount(0)
    })

    test('at a line-end pause the middle of the picture and the line stay clear, and the captions read', async ({ page, server, signInAs }) => {
      const learner = await signInAs({ path: '/languages' })
      const videoId = await captionedVideo(server, learner.user.id, `Dừng rõ ${viewport.name}`, { seconds: 18, vi: vtt(LINES), en: vtt(ENGLISH_LINES) })
      const player = new PlayerModel(page)
      const captions = new CaptionsPlayer(page)
      await new VideoPage(page).open('vi', videoId)
      await expect(captions.lines).toHaveCount(LINES.length)
      await captions.toggle('vi').click()
      await captions.toggle('en').click()
      await player.autoPause.click()
      await player.pressPlay()
      await expect.poll(() => player.paused(), { timeout: 15_000 }).toBe(true)
      await expect(player.controls).toHaveAttribute('data-line-paused', 'true')
      await expect(player.captionsOverPicture).toBeVisible()

      // No big button in the middle: what is under the centre of the picture is the picture itself.
      await expect(player.playButton).toBeHidden()
      const frame = await box(player.frame)
      const atCentre = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.dataset.testid ?? null, { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 })
      expect(atCentre).toBeNull()
      // The small play button covers neither the line nor the centre.
      await expect(player.barPlay).toBeVisible()
      const small = await box(player.barPlay)
      expect(small.width).toBeLessThanOrEqual(48)
      expect(overlaps(small, await box(player.captionsOverPicture))).toBe(false)
      // "Medium" reads on a phone: at least 17 px there.
      const size = await player.captionsOverPicture.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
      expect(size).toBeGreaterThanOrEqual(17)
      await player.toPicture()
      await shoot(page, `video-page-line-paused-${viewport.width}x${viewport.height}`)

      await player.barPlay.click()
      await expect.poll(() => player.paused()).toBe(false)
      await expect(player.controls).toHaveAttribute('data-line-paused', 'false')
    })

    test(`the key help shows ${viewport.touch ? 'not on a touch screen' : 'with a keyboard and a mouse'}`, async ({ page, server, signInAs }) => {
      const learner = await signInAs({ path: '/languages' })
      const videoId = await captionedVideo(server, learner.user.id, `Phím ${viewport.name}`, { seconds: 6, vi: vtt(LINES.slice(0, 2)) })
      const player = new PlayerModel(page)
      await new VideoPage(page).open('vi', videoId)
      await player.ready()
      await player.toPicture()
      await player.openSettings()
      const keys = player.sheet.getByText(/Space play or pause/)
      if (viewport.touch) await expect(keys).toBeHidden()
      else await expect(keys).toBeVisible()
    })
  })
}

test('a video page that could not load offline comes back by itself with the network, and Retry tries again', async ({ page, context, server, signInAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const learner = await signInAs({ path: '/languages/vi/videos' })
  const first = await captionedVideo(server, learner.user.id, 'Mất mạng', { seconds: 6, vi: vtt(LINES.slice(0, 2)) })
  const second = await captionedVideo(server, learner.user.id, 'Thử lại', { seconds: 6, vi: vtt(LINES.slice(0, 2)) })
  const video = new VideoPage(page)
  const player = new PlayerModel(page)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  // Opened offline, never downloaded: the page says why and offers Retry; the network back, it loads.
  await context.setOffline(true)
  await video.open('vi', first)
  await expect(video.state).toHaveText(/couldn't load this video/)
  await expect(video.retry).toBeVisible()
  await shoot(page, 'video-page-offline-1366x900')
  await context.setOffline(false)
  await expect(player.video).toBeVisible({ timeout: 20_000 })
  await expect(video.state).toHaveCount(0)

  // Seen once, so its page opens offline from the saved copy, but cannot stream: it says so, with
  // Retry, and plays once the network is back, without a reload.
  await context.setOffline(true)
  await page.reload()
  await expect(video.needsConnection).toBeVisible()
  await expect(video.retry).toBeVisible()
  await context.setOffline(false)
  await expect(player.video).toBeVisible({ timeout: 20_000 })
  await expect(video.needsConnection).toHaveCount(0)

  // The server did not answer this video (the network stayed up, so nothing comes back by itself):
  // Retry asks again.
  await page.route(`**/api/v1/videos/${second}`, (route) => route.abort('connectionrefused'))
  await video.open('vi', second)
  await expect(video.state).toHaveText(/couldn't load this video/)
  await page.unroute(`**/api/v1/videos/${second}`)
  await video.retry.click()
  await expect(player.video).toBeVisible()
  await expect(video.state).toHaveCount(0)
})

test('our own Picture-in-Picture button floats the picture with the line, and brings it back playing', async ({ page, server, signInAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const learner = await signInAs({ path: '/languages' })
  const videoId = await captionedVideo(server, learner.user.id, 'Hình trong hình', { seconds: 18, vi: vtt(LINES) })
  const player = new PlayerModel(page)
  const captions = new CaptionsPlayer(page)
  await new VideoPage(page).open('vi', videoId)
  await expect(captions.lines).toHaveCount(LINES.length)
  await captions.toggle('vi').click()
  // Chromium has Document Picture-in-Picture: the button is there, and the line goes with the picture.
  expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(true)
  await player.pressPlay()
  await expect.poll(() => player.paused()).toBe(false)
  await player.frame.hover()
  await player.pictureInPicture.click()
  await expect(player.pictureInPicture).toHaveAttribute('aria-pressed', 'true')
  const floating = () =>
    page.evaluate(() => {
      const pip = (window as Window & { documentPictureInPicture?: { window: Window | null } }).documentPictureInPicture?.window
      const video = pip?.document.querySelector('video')
      return { video: Boolean(video), playing: video ? !video.paused : false, cue: pip?.document.querySelector('.player-cue')?.textContent ?? '' }
    })
  await expect.poll(async () => (await floating()).video).toBe(true)
  await expect.poll(async () => (await floating()).cue).not.toBe('')
  expect((await floating()).playing).toBe(true)
  await expect(player.frame.locator('video')).toHaveCount(0)

  await player.frame.hover()
  await player.pictureInPicture.click()
  await expect(player.pictureInPicture).toHaveAttribute('aria-pressed', 'false')
  await expect(player.frame.locator('video')).toHaveCount(1)
  await expect.poll(() => player.paused()).toBe(false)
})
