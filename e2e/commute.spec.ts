/**
 * Commute mode in real Chromium against the real server, on a 390×844 phone: the learner downloads a
 * video as audio only (the choice shows both sizes), goes offline, and listens to it with the page
 * hidden (told so as the browser tells it when the screen turns off or another app comes in front): the audio
 * plays on with the artwork, the transcript and the line tools, the time counts as listened, and once
 * online its seconds reach the server once. The downloads page says "Audio only". A video transcoded
 * before the rendition existed offers no such choice and says so. Screenshots of the choice and of the
 * audio-only player at 390×844 and on a desktop, both axe clean.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe.ts'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { ENGLISH_LINES, LINES, shoot } from './spoken-lines.ts'
import { CaptionsPlayer } from './pages/Captions.ts'
import { DownloadControls, DownloadsPage, offlineCacheEntries } from './pages/Downloads.ts'
import { PlayerModel } from './pages/Player.ts'
import { ProgressPage, VideoPage } from './pages/WatchPages.ts'

/** Tells the page it is hidden (or shown again), as the browser does when the screen turns off. */
function setPageHidden(page: Page, hidden: boolean) {
  return page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (isHidden ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('an audio-only download plays offline with the page hidden, counts as listened, and reaches the server once', async ({ page, context, server, signInAs }) => {
    const learner = await signInAs({ path: '/languages' })
    const title = `Đi chợ bằng tai ${Date.now().toString(36)}`
    const videoId = await captionedVideo(server, learner.user.id, title, { seconds: 18, vi: vtt(LINES), en: vtt(ENGLISH_LINES), audioOnly: true })
    const videoPage = new VideoPage(page)
    await videoPage.open('vi', videoId)
    await controlledBy(page)

    // The choice: the video in a quality, or the audio alone, each with its size.
    const controls = new DownloadControls(page)
    await expect(controls.kinds).toBeVisible()
    await expect(controls.audioSize).toHaveText(/About \d+ KB/)
    await controls.audioKind.click()
    await expect(controls.audioKind.getByRole('radio')).toBeChecked()
    await expect(page.getByRole('combobox', { name: 'Download quality' })).toHaveCount(0)
    await expect(controls.start).toHaveText('Download audio only')
    await controls.kinds.scrollIntoViewIfNeeded()
    await shoot(page, 'commute-download-choice-phone')
    await controls.download()
    await expect(controls.complete).toHaveText(/Downloaded · \d+ KB · Audio only/, { timeout: 30_000 })

    // Only the audio rendition was stored (its playlist and parts), with the captions; no picture.
    const keys = Object.keys(await offlineCacheEntries(page)).filter((key) => key.startsWith(`/offline-media/${videoId}/`))
    expect(keys.some((key) => /\/a48k\/part_\d+\.bin$/.test(key))).toBe(true)
    expect(keys.filter((key) => key.includes('/v360p/'))).toEqual([])
    expect(keys).toEqual(expect.arrayContaining([`/offline-media/${videoId}/captions/vi.vtt`, `/offline-media/${videoId}/offline.m3u8`]))

    // Offline, the page opens in listening: artwork, transcript, line tools.
    await context.setOffline(true)
    await page.reload()
    const player = new PlayerModel(page)
    await expect(player.audioOnly).toBeVisible()
    await expect(page.getByText('Audio only', { exact: true }).first()).toBeVisible()
    await expect(new CaptionsPlayer(page).lines).toHaveCount(LINES.length)
    await expect(player.replay).toBeVisible()
    await player.pressPlay()
    await expect.poll(() => player.currentTime(), { timeout: 15_000 }).toBeGreaterThan(1)
    await player.toPicture()
    await shoot(page, 'commute-player-phone')

    // The screen goes off. Headless Chromium keeps every page visible whatever is in front (tried: another
    // page brought to the front with focus emulation off, the window minimised, a freeze and thaw), so the
    // page is told it is hidden as the browser tells it: document.visibilityState and visibilitychange.
    await setPageHidden(page, true)
    expect(await page.evaluate(() => document.visibilityState)).toBe('hidden')
    const hiddenFrom = await player.currentTime()
    await expect.poll(() => player.currentTime(), { timeout: 20_000 }).toBeGreaterThan(hiddenFrom + 4)
    expect(await player.paused()).toBe(false)
    await setPageHidden(page, false)
    await player.video.evaluate((element: HTMLVideoElement) => element.pause())
    const played = await player.currentTime()

    // Back online: the listened seconds reach the server, each once, as listened.
    await context.setOffline(false)
    const listened = async () => {
      const rows = await server.ctx.database.db.selectFrom('watch_events').select(['client_id', 'watched_seconds', 'mode']).where('video_id', '=', videoId).execute()
      return rows
    }
    await expect.poll(async () => (await listened()).reduce((sum, row) => sum + Number(row.watched_seconds), 0), { timeout: 45_000 }).toBeGreaterThan(hiddenFrom + 4 - 1)
    const rows = await listened()
    expect(new Set(rows.map((row) => row.mode))).toEqual(new Set(['listened']))
    const sent = rows.reduce((sum, row) => sum + Number(row.watched_seconds), 0)
    // Never more than was played (the hidden stretch counted, nothing twice).
    expect(sent).toBeLessThanOrEqual(played + 1)
    const day = await server.ctx.database.db.selectFrom('daily_totals').select(['watch_seconds', 'listen_seconds']).where('user_id', '=', learner.user.id).executeTakeFirstOrThrow()
    expect(Number(day.listen_seconds)).toBeCloseTo(sent, 1)
    expect(Number(day.watch_seconds)).toBeCloseTo(sent, 1)

    // The downloads page says which kind it is.
    const downloadsPage = new DownloadsPage(page)
    await downloadsPage.open()
    await expect(downloadsPage.item(title)).toContainText('Audio only')

    // The progress page says how the time was spent: all of it listened.
    const progressPage = new ProgressPage(page)
    await progressPage.open('vi')
    await expect(progressPage.timeSpent).toHaveText(/^How you spent them: 0 minutes watched, \d+ minutes? listened\.$/)
  })

  test('a video transcoded before the audio-only rendition says it has none; one with it streams audio only on request', async ({ page, server, signInAs }) => {
    const learner = await signInAs({ path: '/languages' })
    const before = await captionedVideo(server, learner.user.id, `Trước đây ${Date.now().toString(36)}`, { seconds: 6, vi: vtt(LINES.slice(0, 2)) })
    const videoPage = new VideoPage(page)
    await videoPage.open('vi', before)
    const controls = new DownloadControls(page)
    await expect(controls.noAudioOnly).toBeVisible()
    await expect(controls.kinds).toHaveCount(0)
    const player = new PlayerModel(page)
    await expect(player.listenSwitch).toHaveCount(0)

    const withAudio = await captionedVideo(server, learner.user.id, `Nghe thôi ${Date.now().toString(36)}`, { seconds: 18, vi: vtt(LINES), en: vtt(ENGLISH_LINES), audioOnly: true })
    await videoPage.open('vi', withAudio)
    await expect(player.listenSwitch).toHaveText('Play audio only')
    const everything: string[] = []
    const asked: string[] = []
    page.on('request', (request) => {
      everything.push(new URL(request.url()).pathname)
      asked.push(new URL(request.url()).pathname)
    })
    await player.ready()
    await player.listenSwitch.click()
    await expect(player.audioOnly).toBeVisible()
    // From here the video's player is gone: what is asked is the audio alone.
    asked.length = 0
    await player.pressPlay()
    await expect.poll(() => player.currentTime(), { timeout: 15_000 }).toBeGreaterThan(1)
    expect(everything.some((url) => /\/a48k\/index\.m3u8$/.test(url))).toBe(true)
    expect(asked.filter((url) => /\/v360p\//.test(url))).toEqual([])
    await expect(player.listenSwitch).toHaveText('Show the video')
  })
})

test.describe('desktop 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the download choice and the audio-only player, looked at', async ({ page, server, signInAs }) => {
    const learner = await signInAs({ path: '/languages' })
    const videoId = await captionedVideo(server, learner.user.id, `Nghe trên máy tính ${Date.now().toString(36)}`, { seconds: 18, vi: vtt(LINES), en: vtt(ENGLISH_LINES), audioOnly: true })
    await new VideoPage(page).open('vi', videoId)
    const controls = new DownloadControls(page)
    await expect(controls.kinds).toBeVisible()
    await expect(page.getByTestId('download-kind-video-size')).toHaveText(/About/)
    await controls.kinds.scrollIntoViewIfNeeded()
    await shoot(page, 'commute-download-choice-desktop')
    await expectNoSeriousViolations(page, '[data-testid="download-controls"]')
    const player = new PlayerModel(page)
    await player.listenSwitch.click()
    await expect(player.audioOnly).toBeVisible()
    await player.pressPlay()
    await expect.poll(() => player.currentTime(), { timeout: 15_000 }).toBeGreaterThan(1)
    await player.toPicture()
    await shoot(page, 'commute-player-desktop')
    await expectNoSeriousViolations(page, '.player')
  })
})
