/**
 * Clipping and wrapping a newcomer saw (issue 41 item 17), at 390×844 and 1366×900: an e-mail address
 * on Submissions never broken mid-word (whole on its line, or cut with an ellipsis and the whole
 * address in its title); "Recommended pace" on one line; the heatmap's last month ("Dec") inside the
 * picture. Screenshots: e2e/screenshots/wrapping-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator } from '@playwright/test'
import { processedSubmission } from '../sync-server/test-support/words-fixtures.ts'
import { expect, test } from './fixtures.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

/** How many lines an element's text takes (its text's line boxes, by their tops). */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange()
    range.selectNodeContents(node)
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size
  })

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('an address on Submissions is never broken mid-word, and "Recommended pace" and "Dec" are whole', async ({ page, server, signInAs }) => {
      fs.mkdirSync(SHOTS, { recursive: true })
      const email = `nguyen.thi.thanh.huong.${Date.now()}@example.com`
      const { user } = await signInAs({ contributor: true, email, path: '/submissions' })
      await processedSubmission(server, user.id)
      await page.reload()
      const address = page.getByTestId('submission').first().getByTestId('submission-address').filter({ hasText: email })
      await expect(address).toBeVisible()
      expect(await linesOf(address), 'the address on one line').toBe(1)
      const cut = await address.evaluate((node) => node.scrollWidth > node.clientWidth)
      // Cut by an ellipsis where the screen is too narrow for it: then the whole address is its title.
      if (cut) await expect(address).toHaveAttribute('title', email)
      await page.getByTestId('submission').first().screenshot({ path: path.join(SHOTS, `wrapping-submission-${viewport.name}.png`) })

      await page.goto('/register')
      const pace = page.locator('.choice .tag', { hasText: 'Recommended pace' })
      await expect(pace).toBeVisible()
      expect(await linesOf(pace), '"Recommended pace" on one line').toBe(1)
      await page.locator('.welcome-step').last().screenshot({ path: path.join(SHOTS, `wrapping-goal-${viewport.name}.png`) })

      await page.goto('/languages/vi/progress')
      const heatmap = page.getByTestId('year-heatmap').locator('svg')
      await expect(heatmap).toBeVisible()
      const room = await heatmap.evaluate((svg) => {
        const labels = [...svg.querySelectorAll<SVGTextElement>('.year-month')]
        const last = labels.at(-1)!.getBBox()
        return { label: labels.at(-1)!.textContent, right: last.x + last.width, width: (svg as unknown as SVGSVGElement).viewBox.baseVal.width }
      })
      expect(room.right, `${room.label} inside the heatmap`).toBeLessThanOrEqual(room.width)
    })
  })
}
