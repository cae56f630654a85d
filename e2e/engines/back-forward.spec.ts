/**
 * A page left while the app was reading or writing its data on the device, then the next page used as
 * a learner uses it. WebKit freezes a page it keeps for Back with its IndexedDB transactions still
 * open; one left running there kept every later transaction of that table waiting, in the next page
 * too, so the video page counted nothing watched (data/runtime/frozen-page-transactions.ts).
 */
import { captionedVideo, vtt } from '../captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { holdRecordsUntilPageHide, noteHowPageIsLeft, Player, SyncStatus, until, VideoPage, wasKeptForBack } from './pages.ts'

test('a page left in the middle of its reads does not stop the next page counting what is watched, and works again brought back', async ({ tab, server, signInAs, engine }) => {
  test.setTimeout(90_000)
  const { user } = await signInAs({ path: '/languages' })
  const title = `Trang sau ${engine} ${Date.now()}`
  const videoId = await captionedVideo(server, user.id, title, { seconds: 12, vi: vtt([{ start: 0, end: 2.5, text: 'Xin chào.' }]) })
  const status = new SyncStatus(tab)
  await until(tab, 'the goal bar', () => document.querySelector('[data-testid="goal-bar"]') !== null)

  // The app's reads of `records` queue behind the test's hold while the list opens in the page...
  await noteHowPageIsLeft(tab)
  await holdRecordsUntilPageHide(tab)
  await tab.evaluate(() => {
    history.pushState(null, '', '/languages/vi/videos')
    window.dispatchEvent(new PopStateEvent('popstate'))
    return true
  })
  await until(tab, 'the list of videos', (wanted) => (document.body.textContent ?? '').includes(wanted), title)

  // ...and are still running when the learner opens a video as a new page.
  const video = new VideoPage(tab)
  const player = new Player(tab)
  await video.open(videoId)
  await video.heading(title)
  const keptForBack = await wasKeptForBack(tab)
  await player.ready()
  const goalBefore = await status.goalSeconds()
  await player.pressPlay()
  await video.playUntil(3.2)
  await player.togglePlay()
  await until(tab, 'the player to pause', () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.paused === true)

  await expect.poll(() => status.goalSeconds(), { message: 'the goal bar counting the seconds watched on the new page' }).toBeGreaterThanOrEqual(goalBefore + 2)
  const counted = (await status.goalSeconds()) - goalBefore

  // Back: the list as it was left (brought back from the cache where the engine keeps it) reads its data again.
  await tab.evaluate(() => {
    setTimeout(() => history.back(), 0)
    return true
  })
  await until(tab, 'the list again', () => location.pathname === '/languages/vi/videos' && document.querySelector('[data-testid="goal-bar"]') !== null)
  // The same seconds, once: a send the page left before it was answered is in the outbox and on the
  // server for a moment, until its answer (a duplicate, counted once) comes.
  await expect
    .poll(async () => (await status.goalSeconds()) - goalBefore, { message: 'the goal bar of the page brought back counting the same seconds, once' })
    .toBeGreaterThanOrEqual(2)
  await expect.poll(async () => (await status.goalSeconds()) - goalBefore, { message: 'the goal bar of the page brought back settling on the seconds watched' }).toBeLessThanOrEqual(counted + 1)
  console.log(`[${engine}] page left with its reads running: ${keptForBack ? 'kept for Back' : 'not kept for Back'}; the next page counted ${counted} s; back on the list: ${(await status.goalSeconds()) - goalBefore} s`)
})
