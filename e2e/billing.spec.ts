/**
 * Billing with the local provider against the real server: a learner upgrades (/billing → checkout →
 * /billing/success), can then comment and rename, sees the plan on /account, cancels there (the local
 * "billing portal"), and signs out.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { apiClient } from '../sync-server/test-support/http-client.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { AccountPage, BillingPage, BillingSuccessPage } from './pages/BillingPages.ts'
import { Navbar } from './pages/Navbar.ts'
import { picturesInView } from './pictures-in-view.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

/** Pages whole; dialogs as the screen shows them (a full-page shot would stretch the backdrop). */
async function shoot(page: Page, name: string, fullPage = true) {
  const size = page.viewportSize()
  const viewport = size && size.width < 600 ? 'phone' : 'desktop'
  await picturesInView(page)
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage })
}

test('a learner upgrades through the local provider, then comments and renames', async ({ page, server, signInAs }) => {
  const videoId = await seedVideo(server, { title: 'Cà phê sữa đá', access: 'free' })
  const { token } = await signInAs({ path: '/languages' })
  const api = apiClient(server.api, { token })
  const comment = () => api.post(`/videos/${videoId}/comments`, { comment: { text: 'Ngon quá!', client_id: randomUUID() } })
  expect((await comment()).status).toBe(403)

  const navbar = new Navbar(page)
  await navbar.upgrade.click()
  await expect(page).toHaveURL(/\/billing\?plan=year$/)
  const billing = new BillingPage(page)
  await expect(billing.yearly).toBeChecked()
  await expect(billing.monthly).not.toBeChecked()
  await billing.checkout.click()

  await expect(page).toHaveURL(/\/billing\/success\?session=local_/)
  const success = new BillingSuccessPage(page)
  await expect(success.heading).toHaveText('Welcome to Premium!')
  // The navbar follows at once: Manage instead of Upgrade.
  await expect(navbar.upgrade).toHaveCount(0)
  await expect(navbar.root.getByRole('button', { name: 'Manage' })).toBeVisible()
  expect((await api.get('/me')).body.is_premium).toBe(true)

  expect((await comment()).status).toBe(201)

  await success.openSettings.click()
  const settings = page.getByTestId('settings-dialog')
  await expect(settings).toBeVisible()
  await expect(page.getByTestId('premium-notice')).toHaveCount(0)
  await settings.getByLabel('Display name').fill('Minh Cà Phê')
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(settings.getByText('Settings updated.')).toBeVisible()
  expect((await api.get('/me')).body.display_name).toBe('Minh Cà Phê')
})

test('the monthly plan is the default, and a premium member is not offered a second one', async ({ page, signInAs }) => {
  await signInAs({ path: '/billing' })
  const billing = new BillingPage(page)
  await expect(billing.monthly).toBeChecked()
  await billing.checkout.click()
  await expect(page).toHaveURL(/\/billing\/success\?session=local_/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium!')
  await page.goto('/billing')
  await expect(page.getByTestId('already-premium')).toBeVisible()
  await expect(billing.checkout).toHaveCount(0)
})

test('the account page shows the plan, cancels through the local portal, and signs out', async ({ page, signInAs }) => {
  const { email } = await signInAs({ path: '/account' })
  const account = new AccountPage(page)
  await expect(account.email).toHaveText(email)
  await expect(account.name).toHaveText('Not set')
  await expect(account.plan).toHaveText('Free')
  await expect(account.status).toHaveText('Free')
  await expect(account.cancel).toHaveCount(0)

  await page.goto('/billing?plan=year')
  await new BillingPage(page).checkout.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium!')

  // The navbar's Manage opens the local provider's portal: this page with ?manage=1.
  await new Navbar(page).root.getByRole('button', { name: 'Manage' }).click()
  await expect(page).toHaveURL(/\/account\?manage=1$/)
  await expect(page.getByText('Manage your subscription here.')).toBeVisible()
  await expect(account.plan).toHaveText('Premium, yearly')
  await expect(account.status).toHaveText('Premium')
  await expect(page.getByText('Renews on')).toBeVisible()
  const renewal = await account.date.textContent()
  expect(renewal).toContain(String(new Date().getFullYear() + 1))

  await account.cancel.click()
  await expect(account.cancelDialog).toContainText(`You keep Premium until ${renewal}.`)
  await account.cancelDialog.getByRole('button', { name: 'Keep Premium' }).click()
  await expect(account.cancelDialog).toBeHidden()
  await account.cancelSubscription()
  await expect(account.cancelDialog).toBeHidden()
  await expect(page.getByText(`Your subscription is cancelled. Premium stays on until ${renewal}.`)).toBeVisible()
  await expect(account.status).toHaveText('Premium, ending')
  await expect(page.getByText('Ends on')).toBeVisible()
  await expect(account.cancel).toHaveCount(0)

  await account.signOut.click()
  await expect(page).toHaveURL(/\/login$/)
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`${viewport.name} billing screenshots`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('billing, success and account', async ({ page, signInAs }) => {
      // Many pages, two dialogs and an axe pass each: longer than one journey on a shared machine.
      test.setTimeout(180_000)
      await signInAs({ path: '/account' })
      await expect(page.getByTestId('account-plan')).toHaveText('Free')
      await shoot(page, 'account-free')
      await expectNoSeriousViolations(page)
      await page.goto('/billing?plan=year')
      await expect(new BillingPage(page).yearly).toBeChecked()
      await shoot(page, 'billing')
      await expectNoSeriousViolations(page)
      await new BillingPage(page).checkout.click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium!')
      await shoot(page, 'billing-success')
      await expectNoSeriousViolations(page)
      await page.goto('/account?manage=1')
      await expect(page.getByTestId('account-plan')).toHaveText('Premium, yearly')
      await shoot(page, 'account')
      await expectNoSeriousViolations(page)
      await page.getByRole('button', { name: 'Cancel subscription' }).click()
      await shoot(page, 'account-cancel', false)
      await expectNoSeriousViolations(page, '[data-testid=cancel-dialog]')
    })
  })
}

test('billing and account read in Vietnamese', async ({ page, signInAs }) => {
  await signInAs({ path: '/apply' })
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'vi'))
  await page.goto('/billing?plan=year')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nâng cấp Premium')
  await expect(page.getByRole('radio', { name: /Hằng năm/ })).toBeChecked()
  await shoot(page, 'billing-vi')
  await page.goto('/account')
  await expect(page.getByTestId('account-plan')).toHaveText('Miễn phí')
  await shoot(page, 'account-vi')
  await page.goto('/admin-feedback')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không được phép')
})
