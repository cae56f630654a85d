/**
 * The captioning studio (issue 44) in real Chromium against the real server, at 1366×900: a contributor
 * opens the studio from their submission, types four lines, times them by pressing Space while the
 * video plays, fixes one with the nudge key, writes the English lines, closes the tab and reopens it
 * (nothing lost: the draft is on the device), saves both tracks to the server, which then holds them,
 * and glosses two words. An admin publishes it through the publish dialog, and a learner of her own
 * then finds the lines in the player's captions and transcript and taps a glossed word for its meaning.
 * Screenshots at 1366×900 and 390×844.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { StudioPage } from './pages/StudioPage.ts'
import { SubmissionsPage } from './pages/SubmissionsPage.ts'
import { WordSheetModel } from './pages/WordSheet.ts'
import { CaptionsPlayer } from './pages/Captions.ts'
import { deviceOf, processedSubmission, webVtt } from './studio-fixtures.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const LINES = ['Xin chào các bạn.', 'Hôm nay tôi đi chợ.', 'Mẹ mua rau và cá.', 'Chúng tôi về nhà.']
const ENGLISH = ['Hello everyone.', 'Today I go to the market.', 'Mum buys vegetables and fish.', 'We go home.']
/** When each line begins in the 12-second clip, and when the last one ends. */
const TAPS = [0.5, 3, 5.5, 8, 10.5]

test.use({ viewport: { width: 1366, height: 900 } })

test('a contributor writes, times, fixes and translates four lines, closes the tab, reopens it with nothing lost, saves and glosses; an admin publishes it and a learner finds the lines and the glosses', async ({ page, context, browser, server, signInAs, baseURL }) => {
  test.setTimeout(120_000)
  const { user, token } = await signInAs({ contributor: true })
  const title = `Đi chợ ${Date.now().toString(36)}`
  const id = await processedSubmission(server, user.id, title)
  // The two words glossed below are ones the lexicon lacks (an earlier spec may have loaded the demo's,
  // whose "đi chợ" would take "chợ" into a longer word): taken out, with every entry holding them, and the
  // lexicon's version moved so no cached copy still holds them.
  await server.ctx.database.db
    .deleteFrom('lexicon_entries')
    .where('language_code', '=', 'vi')
    .where((eb) => eb.or([eb('key', 'like', '%chợ%'), eb('key', 'like', '%rau%')]))
    .execute()
  await server.ctx.database.db.updateTable('languages').set((eb) => ({ lexicon_version: eb('lexicon_version', '+', 1) })).where('code', '=', 'vi').execute()

  const submissions = new SubmissionsPage(page)
  await submissions.goto()
  await submissions.card(title).getByRole('link', { name: 'Open the captioning studio' }).click()
  const studio = new StudioPage(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Captions for “${title}”`)

  await studio.writeLines(LINES)
  await page.getByRole('button', { name: 'Next: time the lines' }).click()
  await studio.play()
  for (const at of TAPS) await studio.pressNextLineAt(at)
  await expect(page.getByText('4 of 4 lines timed')).toBeVisible()

  await page.getByRole('button', { name: 'Next: fix the timing' }).click()
  await expect(studio.cues).toHaveCount(4)
  const timed = await studio.times()
  expect(timed).toHaveLength(4)
  for (const [i, [start, end]] of timed.entries()) {
    // Each press lands when the video reached its moment, a little after it at most.
    expect(start).toBeGreaterThanOrEqual(TAPS[i])
    expect(start).toBeLessThan(TAPS[i] + 1)
    expect(end).toBeGreaterThan(start)
    if (i > 0) expect(timed[i - 1][1]).toBe(start)
  }
  // The second line starts a little late: two presses of ] move it 0.2 s later (the first line's end holds).
  await studio.pressOnCue(1, ']')
  await studio.pressOnCue(1, ']')
  await expect(studio.cue(1).getByTestId('cue-start')).toHaveValue(formatted(timed[1][0] + 0.2))
  // The last line ends late: its end edge dragged left on the timeline (about 0.9 s at this width) moves it earlier.
  await expect(page.getByTestId('timeline-slot').getByTestId('cue-block')).toHaveCount(4)
  await studio.dragEdge(3, 'end', -100)
  const dragged = (await studio.times())[3][1]
  expect(dragged).toBeLessThan(timed[3][1] - 0.3)
  expect(dragged).toBeGreaterThan(timed[3][0])
  await studio.keptOnDevice()
  await page.screenshot({ path: path.join(SHOTS, 'studio-fix-1366.png'), fullPage: true })
  await expectNoSeriousViolations(page)

  await studio.step('English')
  await studio.writeEnglish(ENGLISH)
  await page.screenshot({ path: path.join(SHOTS, 'studio-english-1366.png'), fullPage: true })

  // The tab closes; a new one opens the studio again: the draft on the device has everything.
  await page.close()
  const reopened = await context.newPage()
  const again = new StudioPage(reopened)
  await again.goto(id)
  await again.step('Fix')
  expect(await again.cues.getByTestId('cue-text').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value))).toEqual(LINES)
  await expect(again.cue(1).getByTestId('cue-start')).toHaveValue(formatted(timed[1][0] + 0.2))
  await expect(again.cue(3).getByTestId('cue-end')).toHaveValue(formatted(dragged))
  await again.step('English')
  expect(await reopened.getByTestId('english-input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(ENGLISH)
  await expect(again.serverState).toHaveText('Not saved to the server yet')

  await again.save()
  const answer = await fetch(`${baseURL}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } })
  const { data } = (await answer.json()) as { data: { captions: Array<{ language: string; cues: number }> } }
  expect(data.captions.map(({ language, cues }) => [language, cues]).sort()).toEqual([['en', 4], ['vi', 4]])

  // The glossary: two words of the saved track that the lexicon lacks, glossed in place.
  await again.step('Glossary')
  await again.gloss('chợ', 'market')
  await again.gloss('rau', 'vegetables')
  await reopened.screenshot({ path: path.join(SHOTS, 'studio-glossary-1366.png'), fullPage: true })

  await again.step('Preview')
  await expect(reopened.getByTestId('preview-transcript').getByRole('button')).toHaveCount(4)
  await reopened.setViewportSize({ width: 390, height: 844 })
  await again.step('Fix')
  await reopened.screenshot({ path: path.join(SHOTS, 'studio-fix-390.png'), fullPage: true })
  await again.step('Glossary')
  await reopened.screenshot({ path: path.join(SHOTS, 'studio-glossary-390.png'), fullPage: true })

  // An admin publishes it through the submissions page's publish dialog, as a free video.
  const admin = await deviceOf(browser, server, '/submissions', { admin: true })
  const adminSubmissions = new SubmissionsPage(admin.page)
  const dialog = await adminSubmissions.openPublish(title)
  await dialog.getByLabel('Free video').check()
  await admin.page.screenshot({ path: path.join(SHOTS, 'studio-publish-dialog-1366.png') })
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog).toBeHidden()
  const published = adminSubmissions.card(title).getByTestId('published-link')
  await expect(published).toHaveAttribute('href', /^\/languages\/vi\/videos\/\d+$/)
  const href = (await published.getAttribute('href'))!
  await admin.close()

  // A learner of her own (not the contributor, not premium) opens the video: the studio-made lines are
  // the transcript and the captions over the picture, in both languages, and a glossed word says its meaning.
  const learner = await deviceOf(browser, server, href)
  const captions = new CaptionsPlayer(learner.page)
  await expect(captions.lines).toHaveCount(4, { timeout: 30_000 })
  for (const [i, line] of LINES.entries()) await expect(captions.lines.nth(i)).toContainText(line)
  await captions.toggle('vi').click()
  await captions.toggle('en').click()
  await captions.line(/Hôm nay tôi đi chợ/).click()
  await expect.poll(() => captions.shownCuesByTrack()).toEqual([
    { language: 'vi', text: LINES[1] },
    { language: 'en', text: ENGLISH[1] },
  ])
  const sheet = new WordSheetModel(learner.page)
  await sheet.transcriptWord(1, 'chợ').click()
  await expect(sheet.glosses).toContainText('market')
  await sheet.close.click()
  await sheet.transcriptWord(2, 'rau').click()
  await expect(sheet.glosses).toContainText('vegetables')
  // The word's sheet is a dialog: shot as the screen shows it (a whole page would stretch its backdrop).
  await learner.page.screenshot({ path: path.join(SHOTS, 'studio-learner-1366.png') })
  await learner.page.setViewportSize({ width: 390, height: 844 })
  await learner.page.screenshot({ path: path.join(SHOTS, 'studio-learner-390.png') })
  await learner.close()
})

/**
 * A long track in the 12-second clip: 200 lines 0.05 s apart (every fifth of two lines, so the rows are
 * not all one height and the list's estimate of the rows not yet drawn is off, as with real captions).
 */
const MANY = Array.from({ length: 200 }, (_, i) => (i % 5 === 4 ? `Dòng ${i + 1}: hôm nay tôi đi chợ\nvà mua rau.` : `Dòng ${i + 1}: xin chào các bạn.`))

async function studioOfMany(page: import('@playwright/test').Page, server: import('../sync-server/test-support/test-server.ts').TestServer, signInAs: (options: { contributor: boolean }) => Promise<{ user: { id: number } }>): Promise<StudioPage> {
  const { user } = await signInAs({ contributor: true })
  const id = await processedSubmission(server, user.id, `Hai trăm dòng ${Date.now().toString(36)}`)
  await server.ctx.services.captions.save(id, 'vi', webVtt(MANY, 0.05))
  const studio = new StudioPage(page)
  await studio.goto(id)
  await expect(page.getByTestId('studio-cues')).toHaveAttribute('data-count', '200')
  return studio
}

test('↓ pressed quickly many times in a list of 200 lines leaves the focus on the right line, in view', async ({ page, server, signInAs }) => {
  const studio = await studioOfMany(page, server, signInAs)
  // From the first line, thirty presses as fast as keys go: the focus on line 31, on screen.
  await studio.cue(0).locator('.studio-cue-number').click()
  for (let press = 0; press < 30; press++) await page.keyboard.press('ArrowDown')
  await expect.poll(() => studio.focusedRow()).toEqual({ index: 30, inView: true })
  // From a line in the middle of the screen, twelve more (what the bench does in the middle of 600).
  // Scrolled on by 2,000 px (the list draws the rows there and measures them), then a row in the middle of the screen.
  await page.evaluate(() => window.scrollBy(0, 2000))
  await page.waitForTimeout(500)
  const middle = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="studio-cue"]')]
    return Number(rows.find((row) => row.getBoundingClientRect().bottom > window.innerHeight / 2)!.dataset.index)
  })
  await page.locator(`[data-testid="studio-cue"][data-index="${middle}"] .studio-cue-number`).click()
  for (let press = 0; press < 12; press++) await page.keyboard.press('ArrowDown')
  await expect.poll(() => studio.focusedRow()).toEqual({ index: middle + 12, inView: true })
  // And back up past where it started.
  for (let press = 0; press < 25; press++) await page.keyboard.press('ArrowUp')
  await expect.poll(() => studio.focusedRow()).toEqual({ index: middle - 13, inView: true })
})

test('while the video plays the list follows it: the playing line comes into view, the list scrolled to its top', async ({ page, server, signInAs }) => {
  const studio = await studioOfMany(page, server, signInAs)
  await page.evaluate(() => window.scrollTo(0, 0))
  await studio.play()
  // Line 121 begins at 6.5 s, some 13,000 px down the list: it is on screen while the video is on it.
  await expect.poll(async () => {
    const playing = await studio.playingRow()
    return playing !== null && playing.index >= 120 && playing.inView
  }, { timeout: 20_000, intervals: [50] }).toBe(true)
})

test('the studio\'s find box finds lines the list has not drawn, goes to them, replaces one (undone) and all, and the draft keeps it', async ({ page, server, signInAs }) => {
  test.setTimeout(90_000)
  const studio = await studioOfMany(page, server, signInAs)
  // Every fifth line (40 of them) says "chợ"; typed in capitals, it is found all the same.
  await studio.find('CHỢ')
  await expect(studio.findCount).toHaveText('1 of 40')
  const query = studio.findBar.getByRole('searchbox', { name: 'Find in the lines' })
  for (let press = 0; press < 3; press++) await query.press('Enter')
  await expect(studio.findCount).toHaveText('4 of 40')
  await expect.poll(() => studio.matchRow()).toEqual({ index: 19, inView: true })
  await query.press('Shift+Enter')
  await expect(studio.findCount).toHaveText('3 of 40')
  await expect.poll(() => studio.matchRow()).toEqual({ index: 14, inView: true })
  await query.press('Shift+Enter')
  await query.press('Shift+Enter')
  await query.press('Shift+Enter')
  // Before the first, the last: line 200, some 20,000 px down, not drawn until now.
  await expect(studio.findCount).toHaveText('40 of 40')
  await expect.poll(() => studio.matchRow()).toEqual({ index: 199, inView: true })
  await expect(studio.findBar).toBeInViewport()
  await page.screenshot({ path: path.join(SHOTS, 'studio-find-1366.png') })
  await expectNoSeriousViolations(page)

  // Replace, on the 4th: line 20 says "phố" instead and the box is on the next (line 25); undone, line 20 says "chợ" again.
  for (let press = 0; press < 4; press++) await query.press('Enter')
  await expect(studio.findCount).toHaveText('4 of 40')
  await studio.findBar.getByRole('textbox', { name: 'Replace with' }).fill('phố')
  await studio.findBar.getByRole('button', { name: 'Replace', exact: true }).click()
  await expect.poll(async () => (await studio.drawnTexts()).get(19)).toBe('Dòng 20: hôm nay tôi đi phố\nvà mua rau.')
  await expect(studio.findCount).toHaveText('4 of 39')
  await expect.poll(() => studio.matchRow()).toEqual({ index: 24, inView: true })
  await studio.findBar.getByRole('button', { name: 'Undo' }).click()
  await expect(studio.findCount).toHaveText('4 of 40')
  await expect.poll(async () => (await studio.drawnTexts()).get(19)).toBe('Dòng 20: hôm nay tôi đi chợ\nvà mua rau.')

  // Replace all: forty, said; none left; kept on the device, so the reopened studio has them.
  await studio.findBar.getByRole('button', { name: 'Replace all' }).click()
  await expect(studio.findBar.getByTestId('find-replaced')).toHaveText('Replaced 40 matches.')
  await expect(studio.findCount).toHaveText('No matches')
  await studio.keptOnDevice()
  await page.setViewportSize({ width: 390, height: 844 })
  await query.fill('phố')
  await expect(studio.findCount).toHaveText('1 of 40')
  await query.press('Enter')
  await expect.poll(() => studio.matchRow()).toEqual({ index: 9, inView: true })
  await page.screenshot({ path: path.join(SHOTS, 'studio-find-390.png') })
  await page.setViewportSize({ width: 1366, height: 900 })

  // Escape closes the box and leaves the match selected in its line, to type over.
  await query.fill('xin chào')
  await query.press('Enter')
  await query.press('Escape')
  await expect(studio.findBar).toBeHidden()
  const selected = await page.evaluate(() => {
    const field = document.activeElement as HTMLTextAreaElement
    return { testId: field.dataset.testid, text: field.value.slice(field.selectionStart, field.selectionEnd) }
  })
  expect(selected).toEqual({ testId: 'cue-text', text: 'xin chào' })

  await page.reload()
  await studio.kept.waitFor()
  await expect.poll(async () => (await studio.drawnTexts()).get(4)).toBe('Dòng 5: hôm nay tôi đi phố\nvà mua rau.')
  // In the English step, the box searches the lines and their English.
  await studio.step('English')
  await studio.find('xin chào')
  await expect(studio.findCount).toHaveText('1 of 160')
})

/** A time as the studio's fields show it ("0:03.600"). */
function formatted(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const rest = (ms % 60_000) / 1000
  return `${Math.floor(ms / 60_000)}:${rest < 10 ? '0' : ''}${rest.toFixed(ms % 100 === 0 ? 1 : 3)}`
}
