/** axe finds no serious or critical accessibility problem on the main screens and dialogs. */
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'

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

test('the account page and its delete dialog', async ({ page, signInAs }) => {
  await signInAs({ path: '/account' })
  await expect(page.getByTestId('device')).toHaveCount(1)
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Delete my account…' }).click()
  await expect(page.getByTestId('delete-account-dialog')).toBeVisible()
  await expectNoSeriousViolations(page, '[data-testid="delete-account-dialog"]')
})
