/**
 * Layout faults a newcomer saw at 390×844 (issue 41 item 17), in Vietnamese, whose labels are longest:
 * the line tools' buttons all as tall as their row with their labels wrapped alike, and the list's
 * chips inside the screen. Screenshots: e2e/screenshots/phone-layout-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

test.use({ viewport: { width: 390, height: 844 } })

test('at 390 px in Vietnamese the line tools keep one height and even labels, and the chips stay on the screen', async ({ page, server, signInAs }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'vi'))
  const { user } = await signInAs({ path: '/languages/vi/videos' })
  const videoId = await captionedVideo(server, user.id, `Bố cục ${Date.now()}`, { seconds: 8, vi: vtt([{ start: 0, end: 3, text: 'Xin chào các bạn.' }]) })
  fs.mkdirSync(SHOTS, { recursive: true })

  await page.goto('/languages/vi/videos')
  const hide = page.getByTestId('videos-hide-finished')
  await expect(hide).toBeVisible()
  const box = (await hide.boundingBox())!
  expect(box.x + box.width, 'Ẩn video đã xem ends inside the screen').toBeLessThanOrEqual(390 - 8)
  await page.screenshot({ path: path.join(SHOTS, 'phone-layout-videos.png') })

  await page.goto(`/languages/vi/videos/${videoId}`)
  const tools = page.locator('.line-tools-row').first().locator('.line-tool')
  await expect(tools.first()).toBeVisible()
  const shapes = await tools.evaluateAll((buttons) =>
    buttons.map((button) => {
      const label = button.querySelector('.line-tool-label')!
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight)
      return { height: Math.round(button.getBoundingClientRect().height), lines: Math.round(label.getBoundingClientRect().height / lineHeight), text: label.textContent }
    }),
  )
  expect(new Set(shapes.map((shape) => shape.height)).size, JSON.stringify(shapes)).toBe(1)
  // A label never breaks inside a word: "Luyện nghe" is one line or two whole words, and no label
  // stands on more lines than its words.
  for (const shape of shapes) expect(shape.lines, JSON.stringify(shape)).toBeLessThanOrEqual(Math.max(1, shape.text!.split(' ').length))
  await page.locator('.line-tools').screenshot({ path: path.join(SHOTS, 'phone-layout-line-tools.png') })
})
