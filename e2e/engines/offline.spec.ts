/**
 * The offline promises, in every engine: Chromium, Firefox ESR and WebKitGTK (the playwright.config.ts
 * projects engines-*), through one driver (driver.ts) and shared page models (pages.ts), against the
 * real server behind a tunnel the test cuts (tunnel.ts). "Offline" is the browser's own switch where its
 * driver has one plus the cut tunnel; WebKit's driver has no switch, so there it is the tunnel alone.
 * "Lie-fi" is the tunnel alone everywhere: the browser still says it is online.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seedVideo } from '../../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../sync-server/test-support/hls-fixture.ts'
import type { TestServer } from '../../sync-server/test-support/test-server.ts'
import { byTestId } from './driver.ts'
import { expect, test } from './fixtures.ts'
import { FeedbackDialog, openStretches, outboxIds, outboxRecords, Shell, SyncStatus, tid, until, UploadPage, VideoPage, visibleText, workerInControl } from './pages.ts'

/**
 * What a learner would notice: everything queued is on the server before a 10 s wait is over, once the
 * network answers again (the goal is 3 s; the figure measured is printed, not asserted to the millisecond).
 */
const NOTICEABLE_MS = 10_000

async function watchSeconds(server: TestServer, userId: number): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom('daily_totals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('watch_seconds'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

async function rows(server: TestServer, table: 'comments' | 'user_feedbacks' | 'rating_receipts', userId: number): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Up next may count down to another video after the end: stopped, so the page stays. */
async function stayOnVideo(tab: import('./driver.ts').Tab) {
  if (await tab.evaluate(() => document.querySelector('[data-testid="up-next-cancel"]') !== null)) await tab.click(byTestId('up-next-cancel'))
}

test.describe.configure({ mode: 'serial' })

test('the installed app opens offline from the service worker, with the languages and the thumbnails seen online', async ({ tab, engineBrowser: browser, server, network, signInAs, engine }) => {
  const stamp = Date.now()
  for (let index = 0; index < 3; index += 1) {
    await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 2), duration: 2, title: `Ảnh ${index} ${stamp}` })
  }
  const { email } = await signInAs({ path: '/languages' })
  const shell = new Shell(tab)
  await shell.languageCard('Vietnamese')
  await workerInControl(tab)
  // Seen online while the worker controls the page: the languages and the list with its pictures.
  await tab.goto('/languages')
  await shell.languageCard('Vietnamese')
  await until(tab, 'the languages stored for offline use', async () => (await (await caches.open('api-languages')).keys()).length > 0)
  await tab.goto('/languages/vi/videos')
  // This test's cards only: the server is shared with the other tests of the run, whose videos list too.
  const loadedPictures = () =>
    tab.evaluate(
      (mine) =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="video-card"]')].filter(
          (card) => (card.textContent ?? '').includes(mine) && [...card.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0),
        ).length,
      String(stamp),
    )
  await until(tab, 'the first thumbnails', (mine) => [...document.querySelectorAll<HTMLElement>('[data-testid="video-card"]')].some((card) => (card.textContent ?? '').includes(mine) && [...card.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0)), String(stamp))
  const seenOnline = await loadedPictures()
  // The worker stores a picture after handing it to the page: under load, that write can come after
  // the picture shows (CI once went offline with fewer stored than seen, and the list lacked them).
  const cachedPictures = await until(
    tab,
    'the pictures seen online stored by the worker',
    async (wanted) => {
      const stored = (await (await caches.open('thumbnails')).keys()).length
      return stored >= wanted ? stored : false
    },
    seenOnline,
  )
  const width = await tab.evaluate(() => window.innerWidth)

  await network.offline()
  await tab.goto('/languages')
  await shell.languageCard('Vietnamese')
  // The offline notice, where the browser's switch was used. (Chromium once showed none here: the
  // languages answered from the worker's cache counted as the network answering; fixed in 6cfd38d.)
  // WebKit (and Firefox under a driver without the switch), cut by the tunnel alone, is in lie-fi: reported.
  // Awaited, not read at once: in a page opened after the switch, Chromium's navigator.onLine still
  // says true (seen here), so the notice comes from our own requests failing and the probe confirming
  // it, a moment after the list shows from the worker's cache (CI once read it too early). A notice
  // that never comes fails here.
  if (browser.hasOfflineSwitch) {
    await until(tab, 'the offline notice', () => (document.querySelector('[data-testid="offline-indicator"]')?.textContent ?? '').includes('You are offline'))
  }
  const notice = await tab.evaluate(() => document.querySelector('[data-testid="offline-indicator"]')?.textContent ?? '')
  console.log(`[${engine}] offline notice on /languages: ${notice || '(none)'}; navigator.onLine ${await tab.evaluate(() => navigator.onLine)}`)
  expect(await tab.evaluate(() => document.body.textContent?.includes('Could not load languages'))).toBe(false)
  expect(await shell.userMenu()).toContain(email)
  // A page never opened before comes from the precached shell.
  await tab.goto('/contributor-dashboard')
  await visibleText(tab, 'h1')
  // The list from the device, with the pictures seen online.
  await tab.goto('/languages/vi/videos')
  await until(
    tab,
    `the thumbnails seen online (${seenOnline} seen, ${cachedPictures} stored by the worker)`,
    ({ mine, wanted }) =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="video-card"]')].filter(
        (card) => (card.textContent ?? '').includes(mine) && [...card.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0),
      ).length >= wanted,
    { mine: String(stamp), wanted: seenOnline },
  )
  test.info().annotations.push({ type: 'viewport', description: `${engine}: ${width} px wide; ${seenOnline} thumbnails shown online, ${cachedPictures} in the worker's cache` })
  console.log(`[${engine}] window ${width} px wide; thumbnails shown online ${seenOnline}, cached ${cachedPictures}`)
  await network.online()
})

test('a downloaded video plays offline from Cache Storage; the time, a comment, feedback and a rating made offline reach the server once', async ({
  tab,
  engineBrowser: browser,
  server,
  network,
  signInAs,
  engine,
}) => {
  test.setTimeout(240_000)
  const title = `Chợ nổi ${engine} ${Date.now()}`
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12, title })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(tab)
  await video.heading(title)
  await workerInControl(tab)
  await video.download()
  const stored = await tab.evaluate(async () => (await (await caches.open('offline-media-v1')).keys()).length)
  expect(stored).toBeGreaterThan(0)
  // Whether the browser made the storage persistent after the download; when it did not, the learner is
  // told their downloads may be cleared when space runs low.
  // Reported, not asserted: Firefox asks the person itself (its own prompt; headless, the answer never
  // comes), and WebKitGTK has no navigator.storage at all.
  const persisted = await tab.evaluate(() => (navigator.storage?.persisted ? navigator.storage.persisted() : null))
  const told = await tab.evaluate(() => /did not allow persistent storage|Add to Home Screen/.exec(document.body.textContent ?? '')?.[0] ?? '(nothing)')
  console.log(`[${engine}] storage persistent after a download: ${persisted}; the learner is told: ${told}`)

  // Every connection refused from here: what plays comes from Cache Storage through the worker.
  await network.offline()
  await tab.reload()
  await video.heading(title)
  const status = new SyncStatus(tab)
  await video.play()
  await video.ended()
  const watched = await video.currentTime()
  await stayOnVideo(tab)
  // With the browser's switch: "Saved on this device…"; WebKit, cut by the tunnel alone, believes it is
  // online and says "Saved" (the sync then finds the network gone).
  expect(await video.rate('Most of it')).toMatch(browser.hasOfflineSwitch ? /Saved on this device/ : /Saved/)
  await video.postComment('Xem trên xe buýt, không có mạng.')
  await until(tab, 'the comment to wait on the device', () => document.querySelectorAll('[data-testid="comment-pending"]').length === 1)
  expect(await new FeedbackDialog(tab).send('Written offline, on the bus.')).toContain('Thank')
  await expect.poll(() => status.pending(), { message: 'time, rating, comment and feedback waiting' }).toBeGreaterThanOrEqual(4)
  expect((await outboxIds(tab, 'watch_event')).length).toBeGreaterThan(0)
  expect(await rows(server, 'comments', user.id)).toBe(0)
  expect(await watchSeconds(server, user.id)).toBe(0)

  await network.online()
  const back = Date.now()
  await expect
    .poll(
      async () => [
        await rows(server, 'comments', user.id),
        await rows(server, 'user_feedbacks', user.id),
        await rows(server, 'rating_receipts', user.id),
        (await watchSeconds(server, user.id)) >= watched - 1,
      ],
      { timeout: NOTICEABLE_MS, intervals: [50], message: 'everything queued on the server before a 10 s wait is over' },
    )
    .toEqual([1, 1, 1, true])
    .catch(async (error: Error) => {
      const left = await tab.evaluate(() => document.querySelector('[data-testid="sync-indicator"]')?.outerHTML)
      throw new Error(`${error.message}\nwatched ${watched} s, on the server ${await watchSeconds(server, user.id)} s; still waiting: ${JSON.stringify(await outboxIds(tab))} ${left}; watch_events ${JSON.stringify(await server.ctx.database.db.selectFrom('watch_events').selectAll().where('user_id', '=', user.id).execute())}; outbox ${JSON.stringify(await outboxRecords(tab))}`)
    })
  const drainedMs = Date.now() - back
  test.info().annotations.push({ type: 'offline switch', description: `${engine}: queue reached the server ${drainedMs} ms after the network came back` })
  console.log(`[${engine}] offline switch ${browser.hasOfflineSwitch ? 'on' : 'absent (tunnel only)'}: queue drained ${drainedMs} ms after the network came back`)
  await expect.poll(() => status.pending(), { timeout: 30_000 }).toBe(0)
  // Once: another start sends nothing more.
  await tab.reload()
  await until(tab, 'the sync indicator', () => document.querySelector('[data-testid="sync-indicator"]') !== null)
  expect(await status.pending()).toBe(0)
  expect(await rows(server, 'comments', user.id)).toBe(1)
  expect(await rows(server, 'user_feedbacks', user.id)).toBe(1)
  expect(await rows(server, 'rating_receipts', user.id)).toBe(1)
  expect(Math.abs((await watchSeconds(server, user.id)) - watched)).toBeLessThanOrEqual(2)
})

test('a tab killed in the middle of a video loses under a second of the time watched', async ({ tab, engineBrowser: browser, server, network, signInAs, engine }) => {
  test.setTimeout(180_000)
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 40), duration: 40, title: `Bánh mì ${Date.now()}` })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(tab)
  await workerInControl(tab)
  await video.bufferedTo(27)
  // The tab to reopen in, opened while the network answers (Firefox's driver can hang opening one offline).
  const again = await browser.newTab()
  await tab.bringToFront()
  expect(await tab.evaluate(() => document.visibilityState)).toBe('visible')

  await network.offline()
  await video.play()
  await video.playUntil(25)
  const watched = await video.currentTime()
  await tab.kill()
  expect(await watchSeconds(server, user.id)).toBe(0)

  // Reopened, still offline, from the service worker; then back online.
  await again.goto(`/languages/vi/videos/${videoId}`)
  await until(again, 'the sync indicator', () => document.querySelector('[data-testid="sync-indicator"]') !== null)
  await network.online()
  const back = Date.now()
  await expect
    .poll(() => watchSeconds(server, user.id), { timeout: NOTICEABLE_MS, intervals: [50], message: 'the time watched on the server before a 10 s wait is over' })
    .toBeGreaterThanOrEqual(watched - 1)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nwaiting in the reopened tab: ${JSON.stringify(await outboxRecords(again))}; stretches ${JSON.stringify(await openStretches(again))}`)
    })
  console.log(`[${engine}] killed tab: watched ${watched.toFixed(1)} s, the server has ${await watchSeconds(server, user.id)} s, ${Date.now() - back} ms after the network came back`)
  const status = new SyncStatus(again)
  await expect.poll(() => status.pending(), { timeout: 30_000 }).toBe(0)
  expect(await watchSeconds(server, user.id)).toBeLessThanOrEqual(watched + 0.5)
})

test('a comment waiting when the app is killed shows in a tab opened offline, whose box takes another, also after a reload', async ({ tab, engineBrowser: browser, server, network, signInAs, engine }) => {
  test.setTimeout(180_000)
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4, title: `Quán cà phê ${Date.now()}` })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(tab)
  await workerInControl(tab)
  await visibleText(tab, tid('comment-input'))
  const again = await browser.newTab()
  await tab.bringToFront()

  await network.offline()
  await video.postComment('Viết trước khi tắt máy.')
  await until(tab, 'the comment to wait on the device', () => document.querySelectorAll('[data-testid="comment-pending"]').length === 1)
  await tab.kill()

  // A new tab, still offline: the waiting comment is shown, and the box takes a second one.
  await again.goto(`/languages/vi/videos/${videoId}`)
  const reopened = new VideoPage(again)
  const pendingTexts = () => again.evaluate(() => [...document.querySelectorAll('[data-testid="comment-pending"] .comment-text')].map((item) => item.textContent))
  await expect.poll(pendingTexts, { message: `[${engine}] the waiting comment in the tab opened offline` }).toEqual(['Viết trước khi tắt máy.'])
  await reopened.postComment('Và một câu nữa.')
  await expect.poll(pendingTexts, { message: `[${engine}] the comment box typed in offline` }).toEqual(['Viết trước khi tắt máy.', 'Và một câu nữa.'])

  // Reloaded offline (WebKit once would not let the box be typed in): both still shown, and a third taken.
  await again.reload()
  await expect.poll(pendingTexts, { message: `[${engine}] the waiting comments after an offline reload` }).toEqual(['Viết trước khi tắt máy.', 'Và một câu nữa.'])
  await reopened.postComment('Câu thứ ba.')
  await expect.poll(pendingTexts, { message: `[${engine}] the comment box typed in after an offline reload` }).toHaveLength(3)
  expect(await rows(server, 'comments', user.id)).toBe(0)

  await network.online()
  await expect.poll(() => rows(server, 'comments', user.id), { timeout: NOTICEABLE_MS, intervals: [50], message: 'the three comments on the server before a 10 s wait is over' }).toBe(3)
  await expect.poll(() => new SyncStatus(again).pending(), { timeout: 30_000 }).toBe(0)
  expect(await rows(server, 'comments', user.id)).toBe(3)
})

test('a video submitted offline waits on the device through a reload and becomes one submission online', async ({ tab, server, network, signInAs, engine, engineBrowser }) => {
  test.setTimeout(180_000)
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-engines-'))
  try {
    const file = path.join(folder, 'tren-tau.mp4')
    execFileSync('ffmpeg', [
      '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
      '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
    ])
    const title = `Trên tàu ${engine} ${Date.now()}`
    const { token } = await signInAs({ contributor: true, path: '/upload' })
    await visibleText(tab, tid('upload-form'))
    // WebKit's branch below checks the refusal before any reload, so it needs no worker; there, run after
    // another test of this file, the worker stayed inactive on /upload for a minute (issue 33, open).
    if (engine !== 'webkit') await workerInControl(tab)
    const upload = new UploadPage(tab)
    const mine = async () => {
      const response = await fetch(`${server.api}/submissions`, { headers: { Authorization: `Bearer ${token}` } })
      const body = (await response.json()) as { data: Array<{ title: string; upload: { state: string; bytes_received: number } }> }
      return body.data.filter((item) => item.title === title)
    }

    await network.offline()
    // WebDriver classic has no console: what the app warns is kept for a failure's message.
    await tab.evaluate(() => {
      const kept: string[] = []
      ;(window as unknown as { warned: string[] }).warned = kept
      const warn = console.warn.bind(console)
      console.warn = (...args: unknown[]) => {
        kept.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '))
        warn(...args)
      }
    })
    const outcome = await upload.submit({ title, file })
    if (engine === 'webkit') {
      // WebKitWebDriver's sessions are ephemeral, like a private window, and there WebKit's IndexedDB
      // refuses Blobs ("UnknownError: Error preparing Blob/File data to be stored in object store"):
      // the video cannot be kept on the device, so it is sent from the tab's memory (issue 45 item 12),
      // and the form and the queue say that closing the tab loses it. MiniBrowser under --automation
      // always uses an ephemeral data manager, so no WebKit session here can keep it: no reload here.
      expect(outcome).toContain('private window')
      expect(outcome).toContain('closing it loses the upload')
      await expect.poll(() => upload.state(title)).toContain('back online')
      await network.online()
      await expect.poll(async () => (await mine())[0]?.upload.state, { timeout: NOTICEABLE_MS, intervals: [50], message: 'the upload complete before a 10 s wait is over' }).toBe('complete')
      expect(await mine(), 'exactly one submission').toHaveLength(1)
      console.log(`[webkit] upload offline: sent from the tab's memory (the ephemeral session refuses Blobs in IndexedDB); the learner is told: ${outcome}`)
      return
    }
    // With the browser's switch the form knows it is offline: "Saved on this device…". Firefox under a driver
    // without the switch, cut by the tunnel alone, believes it is online (lie-fi): the form hands the video to
    // the queue as sent, and the queue keeps it on the device until the network answers.
    const said = engineBrowser.hasOfflineSwitch ? 'Saved on this device' : 'Video submitted'
    expect(outcome, `the app warned: ${await tab.evaluate(() => (window as unknown as { warned: string[] }).warned.join('; '))}`).toContain(said)
    await expect.poll(() => upload.state(title)).toContain('back online')
    await tab.reload()
    await expect.poll(() => upload.state(title), { timeout: 15_000 }).toContain('back online')
    expect(await mine()).toHaveLength(0)

    await network.online()
    const back = Date.now()
    await expect.poll(async () => (await mine())[0]?.upload.state, { timeout: NOTICEABLE_MS, intervals: [50], message: 'the upload complete before a 10 s wait is over' }).toBe('complete')
    const created = await mine()
    expect(created, 'exactly one submission').toHaveLength(1)
    expect(created[0].upload.bytes_received).toBe(fs.statSync(file).size)
    console.log(`[${engine}] upload queued offline: complete on the server ${Date.now() - back} ms after the network came back`)
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
})

test('lie-fi: the network stops answering while the browser says online; when it answers again, everything queued reaches the server', async ({
  tab,
  server,
  tunnel,
  signInAs,
  engine,
}) => {
  test.setTimeout(240_000)
  const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 30), duration: 30, title: `Đường hầm ${Date.now()}` })
  const { user } = await signInAs({ premium: true, path: `/languages/vi/videos/${videoId}` })
  const video = new VideoPage(tab)
  await workerInControl(tab)
  await video.bufferedTo(16)

  tunnel.cut()
  await video.play()
  await video.playUntil(14)
  const watched = await video.pause()
  await video.postComment('Trong đường hầm.')
  expect(await new FeedbackDialog(tab).send('Written in a tunnel.')).toContain('Thank')
  const status = new SyncStatus(tab)
  await expect.poll(() => status.pending(), { message: 'time, comment and feedback waiting' }).toBeGreaterThanOrEqual(3)
  // The browser never learnt the network had gone.
  expect(await tab.evaluate(() => navigator.onLine)).toBe(true)
  const bannerShown = await tab.evaluate(() => document.querySelector('[data-testid="offline-indicator"]') !== null)
  expect(await rows(server, 'comments', user.id)).toBe(0)

  tunnel.restore()
  const back = Date.now()
  await expect
    .poll(async () => [await rows(server, 'comments', user.id), await rows(server, 'user_feedbacks', user.id), (await watchSeconds(server, user.id)) >= watched - 1], {
      timeout: NOTICEABLE_MS,
      intervals: [50],
      message: 'everything queued on the server before a 10 s wait is over',
    })
    .toEqual([1, 1, true])
  const drainedMs = Date.now() - back
  test.info().annotations.push({ type: 'lie-fi', description: `${engine}: queue reached the server ${drainedMs} ms after the network answered again` })
  console.log(`[${engine}] lie-fi: queue reached the server ${drainedMs} ms after the network answered again (offline banner during the cut: ${bannerShown ? 'shown' : 'not shown'})`)
  await expect.poll(() => status.pending(), { timeout: 30_000 }).toBe(0)
  expect(await rows(server, 'comments', user.id)).toBe(1)
  expect(Math.abs((await watchSeconds(server, user.id)) - watched)).toBeLessThanOrEqual(2)
})
