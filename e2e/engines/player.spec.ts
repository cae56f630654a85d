/**
 * The player made for learning by ear, in every engine (Chromium's full player suite is
 * e2e/player.spec.ts): our own controls start the video, "Replay the line" goes back to the start of
 * the line being heard and plays it again, and the seconds listened (the replay included: time is
 * counted by the clock, not by the position) show on the goal bar and reach the server.
 */
import { captionedVideo, vtt } from '../captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { byTestId } from './driver.ts'
import { Player, SyncStatus, until, VideoPage } from './pages.ts'

/** Six lines, one every 3 s, each 2.5 s long. */
const WORDS = ['Xin chào các bạn.', 'Hôm nay tôi đi chợ với mẹ.', 'Mẹ mua rau và cá.', 'Chúng tôi về nhà.', 'Bố nấu cơm.', 'Cả nhà ăn tối.']
const LINES = WORDS.map((text, index) => ({ start: index * 3, end: index * 3 + 2.5, text }))

test('the player: our own play button starts the video, Replay goes back to the line’s start, and the seconds listened are counted', async ({ tab, server, signInAs, engine }) => {
  test.setTimeout(120_000)
  const { user } = await signInAs({ path: '/languages' })
  const title = `Nghe lại ${engine} ${Date.now()}`
  const videoId = await captionedVideo(server, user.id, title, { seconds: 18, vi: vtt(LINES) })
  const video = new VideoPage(tab)
  const player = new Player(tab)
  const status = new SyncStatus(tab)
  await video.open(videoId)
  await video.heading(title)
  await player.ready()
  const goalBefore = await status.goalSeconds()

  // Started by our own play button (a person's press: no autoplay rule in the way).
  await player.pressPlay()
  await until(tab, 'playback to start', () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.paused === false)
  // Near the end of the second line (3–5.5 s), then Replay: back to its start, playing.
  await video.playUntil(5.2)
  const beforeReplay = await player.currentTime()
  await player.replayLine()
  await until(tab, 'the line to start again', () => {
    const element = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
    return element !== null && !element.paused && element.currentTime >= 2.9 && element.currentTime < 4
  })
  // Heard once more, on into the next line, then paused by the player's key.
  await video.playUntil(8.5)
  await player.togglePlay()
  await until(tab, 'the player to pause', () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.paused === true)
  const pausedAt = await player.currentTime()
  expect(pausedAt).toBeGreaterThan(8)
  // Listened: up to the replay, then from the line's start (3 s) to the pause.
  const listened = beforeReplay + (pausedAt - LINES[1].start)

  // The goal bar counts the replayed line again (whole seconds), and so does the server once it is sent.
  await expect
    .poll(() => status.goalSeconds(), { message: 'the goal bar counting the seconds listened' })
    .toBeGreaterThanOrEqual(Math.floor(goalBefore + listened - 1.5))
  const shown = (await status.goalSeconds()) - goalBefore
  expect(shown).toBeLessThanOrEqual(Math.ceil(listened + 1.5))
  const onServer = async () => {
    const row = await server.ctx.database.db
      .selectFrom('daily_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('watch_seconds'), eb.lit(0)).as('total'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    return Number(row.total)
  }
  await expect.poll(onServer, { timeout: 10_000, message: 'the seconds listened on the server' }).toBeGreaterThanOrEqual(listened - 1.5)
  expect(await onServer()).toBeLessThanOrEqual(listened + 1.5)
  // More than the distance played forward: the replayed line counted too.
  expect(await onServer()).toBeGreaterThan(pausedAt + 1)
  console.log(`[${engine}] player: replayed from ${beforeReplay.toFixed(1)} s to the line's start, paused at ${pausedAt.toFixed(1)} s; listened ${listened.toFixed(1)} s; goal bar +${shown} s; server ${(await onServer()).toFixed(1)} s`)
})

test('Picture-in-Picture: our button where the browser has an API for it; in Firefox, whose own toggle shows as well, our captions keep clear of it', async ({ tab, server, signInAs, engine }) => {
  const { user } = await signInAs({ path: '/languages' })
  const title = `Hình trong hình ${engine} ${Date.now()}`
  const videoId = await captionedVideo(server, user.id, title, { seconds: 18, vi: vtt(LINES) })
  const video = new VideoPage(tab)
  const player = new Player(tab)
  await video.open(videoId)
  await video.heading(title)
  await player.ready()
  const offered = await tab.evaluate(() => ({
    api: 'documentPictureInPicture' in window || document.pictureInPictureEnabled === true,
    button: document.querySelector('[data-testid="player-pip"]') !== null,
  }))
  expect(offered.button).toBe(offered.api)
  if (engine === 'chromium') expect(offered.button).toBe(true)
  if (engine !== 'firefox') return
  // Firefox's toggle (shown whether it has the API or not): 40 px wide, its right edge 18 px in from the picture's (pipToggle.css), at 70% of
  // the height, where our captions are drawn: they end before it.
  await tab.click(byTestId('captions-vi', { visible: true }))
  await tab.evaluate(() => {
    const element = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
    if (element) element.currentTime = 1
  })
  const boxes = await until(tab, 'the captions over the picture', () => {
    const captions = document.querySelector('[data-testid="player-captions"]')?.getBoundingClientRect()
    const frame = document.querySelector('[data-testid="player-frame"]')?.getBoundingClientRect()
    return captions && frame ? { captionsRight: captions.right, frameRight: frame.right } : null
  })
  expect(boxes!.captionsRight).toBeLessThanOrEqual(boxes!.frameRight - 58)
})
