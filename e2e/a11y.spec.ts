/** axe finds no serious or critical accessibility problem on the main screens and dialogs. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'

async function expectNoSeriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

test('landing, explainer and login', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.goto('/comprehensible-input')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('languages, settings and feedback', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages' })
  await page.getByTestId('language-list').waitFor()
  await expectNoSeriousViolations(page)
  const navbar = new Navbar(page)
  await navbar.openSettings()
  await expect(page.getByTestId('settings-dialog')).toBeVisible()
  await expect(page.getByTestId('premium-notice')).toBeVisible()
  await expectNoSeriousViolations(page, '[data-testid="settings-dialog"]')
  await page.keyboard.press('Escape')
  await navbar.openFeedback()
  await expect(page.getByTestId('feedback-dialog')).toBeVisible()
  await expectNoSeriousViolations(page, '[data-testid="feedback-dialog"]')
})
