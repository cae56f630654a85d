/**
 * Words (issue 42) in real Chromium against the real server, at 390×844: a learner taps a word of the
 * transcript of a video made of the demo's "Xin chào!" script (its lines, with the demo's glossary in
 * the lexicon), reads its meaning and tones, marks it Known and sees its colour change; offline she taps
 * another word, reads its meaning from the device and marks it; back online the change reaches the
 * server exactly once. A tap on the picture's caption pauses playback while the sheet is open and plays
 * on as it closes, focus back on the word. At the end of a video "I knew the rest" marks its new words
 * known in the transcript, and Undo makes them new again. axe on the open sheet and the end's offer;
 * screenshots at 390×844 and 1366×900.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_GLOSSARIES } from '../sync-server/src/demo/glossary/index.ts'
import { xinChao } from '../sync-server/src/demo/scripts/xin-chao.ts'
import { addToLexicon } from '../sync-server/test-support/words-fixtures.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { outboxIds } from './outbox.ts'
import { PlayerModel } from './pages/Player.ts'
import { VideoPage } from './pages/WatchPages.ts'
import { shareOf, VideoWordsPanel } from './pages/WordsPages.ts'
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

test('at the end of a video, "I knew the rest" marks its new words known in the transcript, and Undo brings them back', async ({ page, server, signInAs }) => {
  test.setTimeout(120_000)
  await addToLexicon(server, ['tôi: I; me', 'ăn: to eat', 'phở: pho, noodle soup', 'ngon: tasty', 'lắm: very'])
  const owner = await signInAs({ contributor: true })
  const videoId = await captionedVideo(server, owner.user.id, `Ăn phở ${Date.now()}`, {
    seconds: 6,
    vi: vtt([
      { start: 0, end: 3, text: 'Tôi ăn phở.' },
      { start: 3, end: 6, text: 'Phở ngon lắm.' },
    ]),
  })
  const learner = await signInAs({ path: '/languages' })
  const video = new VideoPage(page)
  const words = new WordSheetModel(page)
  const panel = new VideoWordsPanel(page)
  await video.open('vi', videoId)

  // She knows "tôi" already; the other four are new.
  await words.transcriptWord(0, 'Tôi').click()
  await words.mark('known')
  await page.keyboard.press('Escape')
  await expect(words.sheet).toHaveCount(0)
  const transcriptStates = () => page.getByTestId('transcript').getByTestId('word').evaluateAll((all) => all.map((word) => `${word.textContent}:${word.getAttribute('data-state')}`))
  await expect.poll(transcriptStates).toEqual(['Tôi:known', 'ăn:new', 'phở:new', 'Phở:new', 'ngon:new', 'lắm:new'])
  // Before the end the offer is a small secondary button, not yet the end's invitation.
  await expect(panel.panel.getByTestId('knew-the-rest-after')).toHaveCount(0)

  await video.play()
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.ended === true, undefined, { timeout: 40_000, polling: 250 })
  const after = panel.panel.getByTestId('knew-the-rest-after')
  await expect(after).toHaveText('Finished! If the 4 new words were ones you knew, mark them in one go.')
  await panel.panel.scrollIntoViewIfNeeded()
  await expectNoSeriousViolations(page, '[data-testid=video-words]')
  await page.screenshot({ path: path.join(SHOTS, 'words-end-of-video-phone.png') })

  await panel.knewTheRest.click()
  await expect(panel.snackbar).toContainText('4 words marked as known.')
  await expect.poll(transcriptStates).toEqual(['Tôi:known', 'ăn:known', 'phở:known', 'Phở:known', 'ngon:known', 'lắm:known'])
  await expect(shareOf(panel.panel)).toContainText('You know every word')
  await expect(panel.knewTheRest).toHaveCount(0)
  await page.screenshot({ path: path.join(SHOTS, 'words-end-of-video-done-phone.png') })
  // The server holds what she marked (it lists every word not new), while the Undo is still offered (10 s).
  const onServer = async () => {
    const answer = await fetch(`${server.api}/me/word_states?language=vi`, { headers: { authorization: `Bearer ${learner.token}` } })
    return ((await answer.json()) as { data: Array<{ key: string; state: string }> }).data.map((row) => `${row.key}:${row.state}`).sort()
  }
  await expect.poll(onServer, { timeout: 8_000 }).toEqual(['lắm:known', 'ngon:known', 'phở:known', 'tôi:known', 'ăn:known'].sort())

  // Undo: the four are new again (tôi stays known), and the offer is back.
  await panel.snackbar.getByRole('button', { name: 'Undo' }).click()
  await expect(panel.snackbar).toContainText('Undone: those words are new again.')
  await expect.poll(transcriptStates).toEqual(['Tôi:known', 'ăn:new', 'phở:new', 'Phở:new', 'ngon:new', 'lắm:new'])
  await expect(shareOf(panel.panel)).toContainText('You know 16% of the words · 4 new')
  await expect(panel.knewTheRest).toBeVisible()
  // The undo reaches the server too: only tôi is known there again.
  await expect.poll(onServer, { timeout: 30_000 }).toEqual(['tôi:known'])

  await page.setViewportSize({ width: 1366, height: 900 })
  await panel.panel.scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(SHOTS, 'words-end-of-video-desktop.png') })
})

test('the transcript lays out only the lines near its sight, and still scrolls the current line into view', async ({ page, server, signInAs }) => {
  test.setTimeout(120_000)
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'vi', DEMO_GLOSSARIES.vi, 'demo', null))
  const owner = await signInAs({ contributor: true })
  // A transcript longer than the list's sight and the browser's margin around it (half a screen): 40 short lines.
  const many = Array.from({ length: 40 }, (_, index) => ({ start: index * 0.75, end: index * 0.75 + 0.7, text: LINES[index % LINES.length]!.vi }))
  const videoId = await captionedVideo(server, owner.user.id, 'Xin chào, dài', { seconds: SECONDS, vi: vtt(many) })
  await signInAs({ path: '/languages' })
  const video = new VideoPage(page)
  const player = new PlayerModel(page)
  const words = new WordSheetModel(page)
  await video.open('vi', videoId)
  await expect(words.transcriptWord(0, 'Xin chào')).toHaveAttribute('data-state', 'new')
  const lines = page.getByTestId('transcript').locator('li')
  await expect(lines).toHaveCount(many.length)
  // checkVisibility's contentVisibilityAuto: false for what is inside a line whose rendering the browser skips (issue 48).
  const rendered = (index: number) => lines.nth(index).evaluate((line) => line.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))
  await expect.poll(() => rendered(0)).toBe(true)
  await expect.poll(() => rendered(many.length - 1)).toBe(false)

  // Playing the last line scrolls the list to it: in the list's sight, laid out, its words tappable.
  await player.ready()
  await player.video.evaluate((element: HTMLVideoElement, at: number) => {
    element.currentTime = at
  }, many.at(-1)!.start + 0.3)
  const last = lines.nth(many.length - 1)
  await expect(last).toHaveAttribute('aria-current', 'true')
  await expect.poll(() => rendered(many.length - 1)).toBe(true)
  const inSight = () =>
    last.evaluate((line) => {
      const list = line.parentElement!.getBoundingClientRect()
      const box = line.getBoundingClientRect()
      return box.top >= list.top - 1 && box.bottom <= list.bottom + 1
    })
  await expect.poll(inSight).toBe(true)
  await expect.poll(() => rendered(0)).toBe(false)
  await page.screenshot({ path: path.join(SHOTS, 'transcript-phone.png'), fullPage: true })
  await last.getByTestId('word').first().click()
  await expect(words.sheet).toBeVisible()
})
