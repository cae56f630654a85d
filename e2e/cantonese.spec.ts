/**
 * Cantonese end to end (issue 46), in real Chromium at 390×844 against the real server: a new learner
 * picks Cantonese on the language list, finds a video made of the demo's "你好" script (its lines in
 * Traditional characters with an English track, the demo's Cantonese glossary in the lexicon) with the
 * share of its words she knows, plays it with Jyutping over every character on the picture and in the
 * transcript, taps the two-character word 早晨, reads its meaning and its reading, marks it known, and
 * sees the video's share move, on the video page and on the list; the progress page counts the word and
 * the line she saved reads in review with its Jyutping and its English. Screenshots at 390×844 and desktop
 * size (characters and readings aligned, no boxes: fonts-noto-cjk). In a Hong Kong browser (zh-HK) the
 * same screens speak Traditional Chinese (locales/zh-Hant-HK).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import { DEMO_GLOSSARIES } from '../sync-server/src/demo/glossary/index.ts'
import { neiHou } from '../sync-server/src/demo/scripts/nei-hou.ts'
import type { TestServer } from '../sync-server/test-support/test-server.ts'
import { person } from '../sync-server/test-support/words-fixtures.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { LanguagesPage } from './pages/LanguagesPage.ts'
import { Navbar } from './pages/Navbar.ts'
import { PlayerModel } from './pages/Player.ts'
import { ReviewPage } from './pages/ReviewPage.ts'
import { VideoPage, VideosPage } from './pages/WatchPages.ts'
import { shareOf, VideoWordsPanel } from './pages/WordsPages.ts'
import { WordSheetModel } from './pages/WordSheet.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const LINES = neiHou.lines.slice(0, 9).map((line) => ({ yue: line.said, en: line.en ?? '' }))
const SECONDS = LINES.length * 3

async function shoot(page: Page, name: string, fullPage = false) {
  const size = page.viewportSize()
  await page.screenshot({ path: path.join(SHOTS, `${name}-${size && size.width < 600 ? 'phone' : 'desktop'}.png`), fullPage })
}

/** Each ruby's base text and its reading, in order, as the learner sees them. */
async function rubies(scope: Locator) {
  return scope.getByTestId('ruby').evaluateAll((elements) =>
    elements.map((ruby) => {
      const rt = ruby.querySelector('rt')!
      const base = [...ruby.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('')
      const baseBox = ruby.getBoundingClientRect()
      const rtBox = rt.getBoundingClientRect()
      // The reading sits above its characters, centred over them.
      return { base, reading: rt.textContent, above: rtBox.bottom <= baseBox.top + baseBox.height / 2 + 1, centred: Math.abs(rtBox.left + rtBox.width / 2 - (baseBox.left + baseBox.width / 2)) < 3 }
    }),
  )
}

/** The demo's Cantonese glossary in the lexicon, and a video of the 你好 script's first lines with a yue and an en track. */
async function seedNeiHou(server: TestServer) {
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'yue', DEMO_GLOSSARIES.yue, 'demo', null))
  const owner = await person(server, 'contributor')
  const title = `你好 ${Date.now()}`
  const videoId = await captionedVideo(server, owner.id, title, {
    seconds: SECONDS,
    yue: vtt(LINES.map((line, index) => ({ start: index * 3, end: index * 3 + 2.9, text: line.yue }))),
    en: vtt(LINES.map((line, index) => ({ start: index * 3, end: index * 3 + 2.9, text: line.en }))),
  })
  return { title, videoId }
}

test.use({ viewport: { width: 390, height: 844 } })

// First in this file: only this file publishes Cantonese videos on the worker's server (one per worker), so
// here the language has none yet (watching.spec.ts, later on the same server, would find this file's).
test('before any Cantonese video is published, the Cantonese list says there are none yet, not that the filters hide them', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages/yue/videos' })
  const list = new VideosPage(page)
  await expect(list.empty).toContainText('There are no videos in this language yet.')
  await expect(list.cards).toHaveCount(0)
})

test('pick Cantonese, play with Jyutping over the characters, tap 早晨, mark it known, see the share move', async ({ page, server, signInAs }) => {
  test.setTimeout(240_000)
  const { title, videoId } = await seedNeiHou(server)

  // A new learner picks Cantonese; the list is Cantonese's, and says how much of the video she knows.
  await signInAs({ path: '/languages' })
  const languages = new LanguagesPage(page)
  await languages.card('Cantonese').click()
  await expect(page).toHaveURL(/\/languages\/yue\/videos$/)
  await expect(new Navbar(page).languageButton).toContainText('Cantonese')
  const videos = new VideosPage(page)
  await expect(videos.card(title)).toBeVisible()
  await expect(shareOf(videos.card(title))).toContainText('You know 0% of the words')
  await shoot(page, 'cantonese-list', true)

  await videos.card(title).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/languages/yue/videos/${videoId}$`))
  const video = new VideoPage(page)
  const player = new PlayerModel(page)
  const words = new WordSheetModel(page)
  const panel = new VideoWordsPanel(page)
  await expect(shareOf(panel.panel)).toContainText('You know 0% of the words · 8 new')

  // Jyutping over every character of the transcript, the tone number kept.
  const transcript = page.getByTestId('transcript')
  await expect(transcript.locator('li').first().getByTestId('ruby')).toHaveCount(2)
  const first = await rubies(transcript.locator('li').first())
  expect(first).toEqual([
    { base: '你', reading: 'nei5', above: true, centred: true },
    { base: '好', reading: 'hou2', above: true, centred: true },
  ])
  expect((await rubies(transcript.locator('li').nth(6))).map(({ base, reading }) => `${base} ${reading}`)).toEqual(['早 zou2', '晨 san4'])

  // Played: the line on the picture has its readings above it too.
  await player.captionsToggle.click()
  await video.play()
  const cue = page.getByTestId('player-cue-yue')
  await expect(cue).toBeVisible()
  await expect(cue.getByTestId('ruby').first()).toBeVisible()
  for (const ruby of await rubies(cue)) expect(ruby, ruby.base).toMatchObject({ above: true, centred: true })
  await shoot(page, 'cantonese-player')
  await video.pause()

  // 早晨, two characters, one word: its meaning and its reading, marked known.
  const morning = transcript.locator('li').nth(6).getByTestId('word').first()
  await morning.scrollIntoViewIfNeeded()
  await expect(morning).toHaveAttribute('data-state', 'new')
  await morning.click()
  await expect(words.sheet).toBeVisible()
  await expect(words.title).toHaveText('早晨')
  await expect(words.sheet.getByTestId('word-reading')).toHaveText('zou2 san4')
  await expect(words.glosses).toContainText('good morning')
  await expectNoSeriousViolations(page)
  await shoot(page, 'cantonese-word-sheet')
  await words.mark('known')
  await expect(words.stateButton('known')).toHaveAttribute('aria-pressed', 'true')
  // Its line saved from the sheet, for review.
  await words.sheet.getByRole('button', { name: 'Save this line' }).click()
  await expect(words.sheet.getByRole('button', { name: /Saved/ })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(words.sheet).toHaveCount(0)
  await expect(morning).toHaveAttribute('data-state', 'known')

  // The share moves, on the video page and on the list.
  // 早晨 is 2 of the 17 words said (11 %); 7 of the 8 different words are still new.
  await expect(shareOf(panel.panel)).toContainText('You know 11% of the words · 7 new')
  await page.setViewportSize({ width: 1366, height: 900 })
  await transcript.locator('li').nth(6).scrollIntoViewIfNeeded()
  await shoot(page, 'cantonese-player')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.locator('.back-link').click()
  await expect(shareOf(videos.card(title))).toContainText('You know 11% of the words · 7 new')

  // Progress counts the word; review shows the saved line with its readings and its English.
  await page.goto('/languages/yue/progress')
  await expect(page.getByTestId('words-progress').getByTestId('words-known')).toHaveText('1 word')
  await shoot(page, 'cantonese-progress', true)
  const review = new ReviewPage(page)
  await review.open('yue')
  await review.reveal.click()
  // The readings come once the line's transcript readings and the Jyutping setting are read from the device.
  await expect.poll(async () => (await rubies(review.line)).map(({ base, reading, above }) => `${base} ${reading} ${above}`)).toEqual(['早 zou2 true', '晨 san4 true'])
  await expect(review.translation).toHaveText('Good morning.')
  await expectNoSeriousViolations(page)
  await shoot(page, 'cantonese-review')
})

test.describe('in a Hong Kong browser', () => {
  test.use({ locale: 'zh-HK' })

  test('a learner sees the list, the player and the word sheet in Traditional Chinese', async ({ page, server, signInAs }) => {
    test.setTimeout(180_000)
    const { title, videoId } = await seedNeiHou(server)
    await signInAs({ path: '/languages/yue/videos' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('影片')
    await expect(shareOf(new VideosPage(page).card(title))).toContainText('你認識 0% 的詞語')
    await shoot(page, 'cantonese-zh-list', true)
    await new VideoPage(page).open('yue', videoId)
    await expect(page.getByTestId('line-tools')).toContainText('重播')
    await page.getByTestId('transcript').locator('li').nth(6).getByTestId('word').first().click()
    const words = new WordSheetModel(page)
    await expect(words.stateButton('known')).toHaveText('識得')
    await expectNoSeriousViolations(page)
    await shoot(page, 'cantonese-zh-word-sheet')
  })
})
