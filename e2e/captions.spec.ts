/**
 * Captions in real Chromium against the real server: a learner turns captions on and sees a cue drawn
 * by the player, the transcript follows playback, and a tap on a line seeks there; the choice is
 * remembered. A downloaded video shows its captions and transcript offline, and offline the list's
 * search finds its lines on the device. A contributor who attaches
 * a broken WebVTT file sees the line the server names. Screenshots of the player with captions and the
 * transcript at 390×844 and 1280×800.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Page, Route } from '@playwright/test'
import { GRANT_TTL_SECONDS } from '../sync-server/src/media/grants.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import type { TestServer } from '../sync-server/test-support/test-server.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { CaptionFields, CaptionsPlayer } from './pages/Captions.ts'
import { DownloadControls, playUntil } from './pages/Downloads.ts'
import { SubmissionsPage } from './pages/SubmissionsPage.ts'
import { UploadPage } from './pages/UploadPage.ts'
import { VideoPage, VideosPage } from './pages/WatchPages.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-e2e-captions-'))
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const LINES = ['Xin chào các bạn.', 'Hôm nay tôi đi chợ với mẹ.', 'Mẹ mua rau và cá.', 'Chúng tôi về nhà.']
const stamp = (seconds: number) => `00:${seconds.toFixed(3).padStart(6, '0')}`
/** A line every 3 seconds, each on screen for 2.9 s. */
const VIETNAMESE = `WEBVTT\n\n${LINES.map((line, index) => `${stamp(index * 3)} --> ${stamp(index * 3 + 2.9)}\n${line}`).join('\n\n')}\n`
const ENGLISH = 'WEBVTT\n\n00:00.000 --> 00:02.900\nHello everyone.\n\n00:03.000 --> 00:05.900\nToday I go to the market with my mother.\n'

/**
 * A published 12-second video with Vietnamese and English captions: a submission of `ownerId` holds the
 * tracks (the catalogue finds them through videos.submission_id), saved through the captions service.
 */
async function captionedVideo(
  server: TestServer,
  ownerId: number,
  title: string,
  options: { dialect?: 'northern' | 'central' | 'southern' | 'mixed'; guideEmail?: string } = {},
): Promise<number> {
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12, title })
  const db = server.ctx.database.db
  const submission = await db
    .insertInto('submissions')
    .values({ user_id: ownerId, client_id: null, title, proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: null, duration_seconds: 12, published_video_id: videoId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('videos').set({ submission_id: submission.id, dialect: options.dialect ?? null }).where('id', '=', videoId).execute()
  if (options.guideEmail) await db.insertInto('submission_creators').values({ submission_id: submission.id, email: options.guideEmail }).execute()
  await server.ctx.services.captions.save(submission.id, 'vi', VIETNAMESE)
  await server.ctx.services.captions.save(submission.id, 'en', ENGLISH)
  return videoId
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

test('a learner turns captions on, sees a cue, follows the transcript and taps a line to jump there; the choice is remembered', async ({ page, server, signInAs }) => {
  const learner = await signInAs({ path: '/languages' })
  const videoId = await captionedVideo(server, learner.user.id, `Đi chợ ${Date.now()}`)
  const video = new VideoPage(page)
  const captions = new CaptionsPlayer(page)
  await video.open('vi', videoId)

  // Off by default; the transcript is there all the same, every line with its time.
  await expect.poll(() => captions.chosen()).toEqual([])
  await expect(captions.lines).toHaveText(LINES.map((line, index) => `0:${String(index * 3).padStart(2, '0')}${line}`))
  await expect.poll(() => captions.tracks()).toEqual([
    { language: 'vi', mode: 'hidden', active: [] },
    { language: 'en', mode: 'disabled', active: [] },
  ])

  await captions.toggle('vi').click()
  await video.play()
  await video.playUntil(0.5)
  await expect.poll(() => captions.shownCues()).toEqual([LINES[0]])
  await expect(captions.currentLine).toHaveText(`0:00${LINES[0]}`)

  await captions.line(/Mẹ mua rau/).click()
  await expect.poll(() => video.currentTime()).toBeGreaterThanOrEqual(6)
  expect(await video.currentTime()).toBeLessThan(8.9)
  await expect(captions.currentLine).toHaveText(`0:06${LINES[2]}`)
  await expect.poll(() => captions.shownCues()).toEqual([LINES[2]])
  await video.pause()
  await expectNoSeriousViolations(page, '[data-testid="transcript"]')

  // English instead, then a reload: the choice stays with this learner. The browser draws neither
  // track: both are loaded for their cues only, and we draw them.
  await captions.toggle('vi').click()
  await captions.toggle('en').click()
  await expect.poll(async () => (await captions.tracks()).map((track) => track.mode)).toEqual(['hidden', 'hidden'])
  await page.reload()
  await expect.poll(() => captions.chosen()).toEqual(['en'])
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`screenshot: the player with captions on and the transcript, ${viewport.name} ${viewport.width}×${viewport.height}`, async ({ page, server, signInAs }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const learner = await signInAs({ path: '/languages' })
    const videoId = await captionedVideo(server, learner.user.id, `Chợ quê ${viewport.name}`)
    const video = new VideoPage(page)
    const captions = new CaptionsPlayer(page)
    await video.open('vi', videoId)
    await captions.toggle('vi').click()
    await expect(captions.lines).toHaveCount(LINES.length)
    await captions.line(/đi chợ với mẹ/).click()
    await expect(captions.currentLine).toContainText(LINES[1])
    await expect.poll(() => captions.shownCues()).toEqual([LINES[1]])
    await shoot(page, `captions-${viewport.width}x${viewport.height}`)
  })
}

test('offline, a downloaded video shows its captions and its transcript', async ({ page, context, server, signInAs }) => {
  const learner = await signInAs({ path: '/languages' })
  const videoId = await captionedVideo(server, learner.user.id, `Về nhà ${Date.now()}`)
  const video = new VideoPage(page)
  const captions = new CaptionsPlayer(page)
  await video.open('vi', videoId)
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  const controls = new DownloadControls(page)
  await controls.download()
  await expect(controls.complete).toBeVisible({ timeout: 30_000 })

  await context.setOffline(true)
  await page.reload()
  await expect(captions.lines).toHaveText(LINES.map((line, index) => `0:${String(index * 3).padStart(2, '0')}${line}`))
  // The tracks come from the device, not the network.
  expect(await page.getByTestId('player-video').locator('track').evaluateAll((tracks) => tracks.map((track) => new URL((track as HTMLTrackElement).src).pathname))).toEqual([
    `/offline-media/${videoId}/captions/vi.vtt`,
    `/offline-media/${videoId}/captions/en.vtt`,
  ])
  await captions.toggle('vi').click()
  await playUntil(page, 3.2)
  await expect.poll(() => captions.shownCues()).toEqual([LINES[1]])
  await expect(captions.currentLine).toContainText(LINES[1])
})

test('an hour after the page opened, the English captions load under a renewed grant', async ({ page, server, signInAs }) => {
  const learner = await signInAs({ path: '/languages' })
  const videoId = await captionedVideo(server, learner.user.id, `Gia hạn ${Date.now()}`)
  const video = new VideoPage(page)
  const captions = new CaptionsPlayer(page)
  await video.open('vi', videoId)
  // The Vietnamese track loads at once (the transcript); the English one only when first chosen.
  await expect(captions.lines).toHaveCount(LINES.length)
  const first = await captions.track('en')
  expect(first?.cues).toEqual([])
  // An hour and a bit later by the server's clock, the page's grant is refused by the server itself.
  server.clock.advance((GRANT_TTL_SECONDS + 60) * 1000)
  try {
    const refused = page.waitForResponse((response) => response.url() === first?.url && response.status() === 403)
    await captions.toggle('en').click()
    await refused
    // The page fetches a fresh grant and the English track loads from its new link.
    await expect.poll(async () => (await captions.track('en'))?.cues).toEqual(['Hello everyone.', 'Today I go to the market with my mother.'])
    expect((await captions.track('en'))?.url).not.toBe(first?.url)
    await expect(captions.toggle('en')).toHaveAttribute('aria-pressed', 'true')
  } finally {
    server.clock.reset()
  }
})

test('offline, the search finds words said in a downloaded video, typed without accents, and the line opens the video there', async ({ page, context, server, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const learner = await signInAs({ path: '/languages' })
  const stamp = Date.now().toString(36)
  const kept = await captionedVideo(server, learner.user.id, `Về nhà ${stamp}`)
  // The same words, in a video not downloaded: its transcript is not on the device.
  await captionedVideo(server, learner.user.id, `Chợ quê ${stamp}`)
  const video = new VideoPage(page)
  await video.open('vi', kept)
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  const controls = new DownloadControls(page)
  await controls.download()
  await expect(controls.complete).toBeVisible({ timeout: 30_000 })

  const list = new VideosPage(page)
  await list.open('vi')
  const keptCard = list.card(`Về nhà ${stamp}`)
  const otherCard = list.card(`Chợ quê ${stamp}`)
  await expect(otherCard).toBeVisible()

  // Online, but the server fails the search: the downloaded video's own lines answer in its place.
  const failSearches = (route: Route) => (new URL(route.request().url()).searchParams.has('q') ? route.abort() : route.fallback())
  await page.route('**/api/v1/languages/vi/videos?*', failSearches)
  await list.search.fill('xin chao cac')
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(keptCard.getByTestId('video-match')).toHaveText('Xin chào các bạn. at 0:00')
  await expect(otherCard).toBeHidden()
  await page.unroute('**/api/v1/languages/vi/videos?*', failSearches)
  await list.search.fill('')
  await expect(otherCard).toBeVisible()

  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: /Downloaded videos still play/ })).toBeVisible()

  // "Mẹ mua rau và cá." is said at 0:06 in both; no title holds it.
  await list.search.fill('MUA RAU VA CA')
  await expect(keptCard.getByTestId('video-match')).toHaveText('Mẹ mua rau và cá. at 0:06')
  await expect(keptCard.getByTestId('video-match').locator('mark')).toHaveText('mua rau và cá')
  await expect(otherCard).toBeHidden()
  await expect(list.cards).toHaveCount(1)
  // The results come first: the rows of suggestions wait until the search is cleared.
  await expect(page.getByTestId('next-for-you')).toBeHidden()
  await shoot(page, 'captions-search-offline-390x844')

  await keptCard.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/videos/${kept}\\?t=6$`))
  await expect.poll(() => video.currentTime(), { timeout: 20_000 }).toBeGreaterThanOrEqual(6)
})

test('a contributor who attaches a broken WebVTT file sees the line the server names, and the video goes on', async ({ page, signInAs }) => {
  const clip = path.join(tmp, 'clip.mp4')
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip])
  const broken = path.join(tmp, 'broken.vtt')
  fs.writeFileSync(broken, 'WEBVTT\n\n00:00.000 --> 00:01.000\nXin chào\n\n00:05.000 --> 00:02.000\nNgược thời gian\n')
  await signInAs({ contributor: true, path: '/upload' })
  const upload = new UploadPage(page)
  const fields = new CaptionFields(page)
  const title = `Phụ đề hỏng ${Date.now()}`
  await upload.fill({ title, level: 'Beginner', file: clip })
  await fields.dialect.selectOption('southern')
  await fields.vietnamese.setInputFiles(broken)
  await upload.submit.click()

  const refused = upload.item(title).getByTestId('caption-refused')
  await expect(refused).toContainText('broken.vtt')
  await expect(refused.getByRole('listitem').first()).toContainText(/line 6/i)
  // The video itself is sent all the same.
  await expect(upload.item(title)).toHaveAttribute('data-status', /processing|ready/, { timeout: 60_000 })
})

test('the list filters by dialect and guide (offline too), shows both on the card, and a word said in a transcript finds the line, which opens the video there', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  const learner = await signInAs({ path: '/languages' })
  await server.ctx.database.db.updateTable('users').set({ display_name: 'Cô Lan' }).where('id', '=', learner.user.id).execute()
  const stamp = Date.now().toString(36)
  const north = await captionedVideo(server, learner.user.id, `Phố cổ ${stamp}`, { dialect: 'northern', guideEmail: learner.email })
  await captionedVideo(server, learner.user.id, `Chợ nổi ${stamp}`, { dialect: 'southern' })
  const list = new VideosPage(page)
  const { dialect, guide } = list
  await list.open('vi')
  const northCard = list.card(`Phố cổ ${stamp}`)
  const southCard = list.card(`Chợ nổi ${stamp}`)
  await expect(northCard.getByTestId('video-dialect')).toHaveText('Northern')
  await expect(northCard.getByTestId('video-guides')).toHaveText('With Cô Lan')
  await expect(northCard.getByTestId('video-has-captions')).toHaveText('CC VI EN')
  await expect(southCard.getByTestId('video-dialect')).toHaveText('Southern')

  await list.inSheet(() => dialect.selectOption('southern'))
  await expect(southCard).toBeVisible()
  await expect(northCard).toBeHidden()
  await list.inSheet(async () => {
    await dialect.selectOption('')
    await guide.selectOption({ label: 'Cô Lan' })
  })
  await expect(northCard).toBeVisible()
  await expect(southCard).toBeHidden()
  // Offline the same filters work over the cached catalogue.
  await context.setOffline(true)
  await list.inSheet(async () => {
    await guide.selectOption('')
    await dialect.selectOption('northern')
  })
  await expect(northCard).toBeVisible()
  await expect(southCard).toBeHidden()
  await list.inSheet(() => dialect.selectOption(''))
  await expect(southCard).toBeVisible()
  await context.setOffline(false)

  // Words in no title, said at 0:03 in both videos' Vietnamese track.
  await list.search.fill('đi chợ với mẹ')
  await expect(northCard.getByTestId('video-match')).toHaveText('Hôm nay tôi đi chợ với mẹ. at 0:03')
  await expect(northCard.getByTestId('video-match').locator('mark')).toHaveText('đi chợ với mẹ')
  await expect(southCard.getByTestId('video-match')).toBeVisible()
  await shoot(page, `captions-search-${(page.viewportSize()?.width ?? 0) < 600 ? 'phone' : 'desktop'}`)
  await northCard.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/videos/${north}\\?t=3$`))
  const video = new VideoPage(page)
  await expect.poll(() => video.currentTime(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
  await expect(page.getByTestId('video-facts-dialect')).toHaveText('Northern (Hà Nội)')
})

test('on a submission card a contributor sees a refused file’s line, then attaches good captions and removes them', async ({ page, server, signInAs }) => {
  const contributor = await signInAs({ contributor: true, path: '/languages' })
  const title = `Thẻ phụ đề ${Date.now()}`
  const created = await fetch(`${server.api}/submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${contributor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ submission: { title, proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true } }),
  })
  expect(created.status).toBe(201)
  const broken = path.join(tmp, 'card-broken.vtt')
  fs.writeFileSync(broken, 'Xin chào\n')
  const good = path.join(tmp, 'card-good.vtt')
  fs.writeFileSync(good, VIETNAMESE)
  const submissions = new SubmissionsPage(page)
  await submissions.goto()
  const vietnamese = submissions.card(title).getByTestId('submission-captions-vi')
  await expect(vietnamese).toContainText('Vietnamese: none')

  await vietnamese.getByTestId('submission-caption-file-vi').setInputFiles(broken)
  await expect(vietnamese.getByTestId('caption-refused')).toContainText('Line 1: the file is not WebVTT')
  await vietnamese.getByTestId('submission-caption-file-vi').setInputFiles(good)
  await expect(vietnamese).toContainText('Vietnamese captions saved: 4 lines.')
  await expect(vietnamese).toContainText('Vietnamese: attached')
  await vietnamese.getByRole('button', { name: 'Remove Vietnamese captions' }).click()
  await expect(vietnamese).toContainText('Vietnamese captions removed.')
  await page.reload()
  await expect(submissions.card(title).getByTestId('submission-captions-vi')).toContainText('Vietnamese: none')
})
