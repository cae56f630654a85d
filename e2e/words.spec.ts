/**
 * Words (issue 42) in real Chromium against the real server, at 390×844: a learner taps a word of the
 * transcript of a video made of the demo's "Xin chào!" script (its lines, with the demo's glossary in
 * the lexicon), reads its meaning and tones, marks it Known and sees its colour change; offline she taps
 * another word, reads its meaning from the device and marks it; back online the change reaches the
 * server exactly once. A tap on the picture's caption pauses playback while the sheet is open and plays
 * on as it closes, focus back on the word. axe on the open sheet; screenshots at 390×844 and 1366×900.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_GLOSSARIES } from '../sync-server/src/demo/glossary/index.ts'
import { xinChao } from '../sync-server/src/demo/scripts/xin-chao.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { outboxIds } from './outbox.ts'
import { PlayerModel } from './pages/Player.ts'
import { VideoPage } from './pages/WatchPages.ts'
import { WordSheetModel } from './pages/WordSheet.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const LINES = xinChao.lines.slice(0, 10).map((line) => ({ vi: line.said, en: line.en ?? '' }))
const SECONDS = LINES.length * 3

test.use({ viewport: { width: 390, height: 844 } })

test('tap a word for its meaning, mark it known online and offline; it reaches the server once', async ({ page, context, server, signInAs }) => {
  test.setTimeout(120_000)
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'vi', DEMO_GLOSSARIES.vi, 'demo', null))
  const owner = await signInAs({ contributor: true })
  const videoId = await captionedVideo(server, owner.user.id, 'Xin chào!', {
    seconds: SECONDS,
    vi: vtt(LINES.map((line, index) => ({ start: index * 3, end: index * 3 + 2.9, text: line.vi }))),
    en: vtt(LINES.map((line, index) => ({ start: index * 3, end: index * 3 + 2.9, text: line.en }))),
  })
  const learner = await signInAs({ path: '/languages' })
  const video = new VideoPage(page)
  const words = new WordSheetModel(page)
  await video.open('vi', videoId)

  // "Xin chào" is one word of two syllables; a new word is marked, and not by colour alone.
  const hello = words.transcriptWord(0, 'Xin chào')
  await expect(hello).toHaveAttribute('data-state', 'new')
  await expect(hello).toHaveCSS('text-decoration-line', 'underline')
  await hello.click()
  await expect(words.sheet).toBeVisible()
  await expect(words.title).toHaveText('xin chào')
  await expect(words.glosses).toContainText('hello')
  await expect(words.tones).toContainText('ngang')
  await expect(words.tones).toContainText('huyền')
  await expect(words.stateButton('new')).toHaveAttribute('aria-pressed', 'true')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: path.join(SHOTS, 'words-sheet-phone.png') })

  await words.mark('known')
  await expect(words.stateButton('known')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(words.sheet).toHaveCount(0)
  await expect(hello).toBeFocused()
  await expect(hello).toHaveAttribute('data-state', 'known')
  await page.mouse.move(0, 0)
  await expect(hello).toHaveCSS('text-decoration-line', 'none')
  const stateOnServer = async (key: string) => {
    const answer = await fetch(`${server.api}/me/word_states?language=vi`, { headers: { authorization: `Bearer ${learner.token}` } })
    const body = (await answer.json()) as { data: Array<{ key: string; state: string }> }
    return body.data.find((row) => row.key === key)?.state ?? 'new'
  }
  await expect.poll(() => stateOnServer('xin chào')).toBe('known')

  // Offline: the meaning comes from the device, the change waits in the outbox.
  await context.setOffline(true)
  const you = words.transcriptWord(2, 'Bạn')
  await you.click()
  await expect(words.glosses).toContainText('friend')
  await words.mark('known')
  await words.close.click()
  await expect(you).toHaveAttribute('data-state', 'known')
  await expect.poll(() => outboxIds(page, 'word_states')).toHaveLength(1)
  expect(await stateOnServer('bạn')).toBe('new')

  await context.setOffline(false)
  await expect.poll(() => stateOnServer('bạn'), { timeout: 30_000 }).toBe('known')
  await expect.poll(() => outboxIds(page, 'word_states')).toHaveLength(0)
  // Once each: one receipt per change, the kept state's client_id the outbox item's.
  const receipts = server.ctx.sqlite
    .prepare('SELECT COUNT(*) AS n FROM word_state_receipts r JOIN users u ON u.id = r.user_id WHERE u.email = ?')
    .get(learner.email) as { n: number }
  expect(receipts.n).toBe(2)

  // The lines with exactly one new word are marked i+1 ("Tôi." has one word, new).
  await expect(page.getByTestId('transcript').locator('li').nth(1).getByTestId('word-one-new')).toBeVisible()
})

test('a word on the picture pauses playback while its sheet is open; a pop-over on a desktop', async ({ page, server, signInAs }) => {
  test.setTimeout(120_000)
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'vi', DEMO_GLOSSARIES.vi, 'demo', null))
  const owner = await signInAs({ contributor: true })
  const videoId = await captionedVideo(server, owner.user.id, 'Xin chào, lần nữa', {
    seconds: SECONDS,
    vi: vtt(LINES.map((line, index) => ({ start: index * 3, end: index * 3 + 2.9, text: line.vi }))),
  })
  await signInAs({ path: '/languages' })
  const video = new VideoPage(page)
  const player = new PlayerModel(page)
  const words = new WordSheetModel(page)
  await video.open('vi', videoId)
  await player.captionsToggle.click()
  await video.play()
  const word = words.pictureWord('Xin chào')
  await word.click()
  await expect(words.sheet).toBeVisible()
  await expect.poll(() => player.video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(words.sheet).toHaveCount(0)
  await expect.poll(() => player.video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false)

  await page.setViewportSize({ width: 1366, height: 900 })
  await video.pause()
  await words.transcriptWord(3, 'bạn').click()
  await expect(words.glosses).toContainText('friend')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: path.join(SHOTS, 'words-sheet-desktop.png') })
  // By the word, not docked at the bottom.
  const sheet = (await words.sheet.boundingBox())!
  expect(sheet.y + sheet.height).toBeLessThan(880)
})
