/**
 * Preferences follow the account (issue 41 item 10): what a learner sets on one browser (the language
 * she learns, the app's language, the theme) shows on a second browser signed in as the same person,
 * which asks nothing the account knows; the UI language is also the account's, for its e-mails.
 */
import { expect, openAs, test, uniqueEmail } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'
import { signIn } from '../sync-server/test-support/test-server.ts'

test('a preference set on one browser shows on a second signed in as the same person', async ({ page, browser, server }) => {
  const email = uniqueEmail('prefs')
  const here = await signIn(server, email)
  const there = await signIn(server, email)
  const userId = (here.user as { id: number }).id
  const kept = () => server.ctx.sqlite.prepare('SELECT name, value FROM account_preferences WHERE user_id = ? ORDER BY name').all(userId)

  // The first browser: picks Vietnamese to learn, then Dark and the Vietnamese interface in Settings.
  await openAs(page, here, '/languages', server.baseUrl)
  await page.getByTestId('language-list').getByRole('link', { name: /Vietnamese/ }).click()
  await expect(page).toHaveURL(/\/languages\/vi\/videos$/)
  await new Navbar(page).openSettings()
  const settings = page.getByTestId('settings-dialog')
  await settings.getByRole('radio', { name: 'Dark', exact: true }).check()
  await settings.getByLabel('Tiếng Việt').check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
  // Sent through the outbox: the server holds each once.
  await expect.poll(kept).toEqual([
    { name: 'learning_language', value: '"vi"' },
    { name: 'theme', value: '"dark"' },
    { name: 'ui_language', value: '"vi"' },
  ])
  expect(server.ctx.sqlite.prepare('SELECT ui_language FROM users WHERE id = ?').get(userId)).toEqual({ ui_language: 'vi' })

  // The second browser knows nothing yet: signed in, it is sent to the language list as every sign-in
  // is, and the account's language takes it on to the videos, in Vietnamese, in dark.
  const other = await browser.newContext()
  try {
    const second = await other.newPage()
    await openAs(second, there, '/languages', server.baseUrl)
    await expect(second).toHaveURL(/\/languages\/vi\/videos$/)
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(second.locator('html')).toHaveAttribute('lang', 'vi')

    // A change made there comes back here at the next start.
    await new Navbar(second).openSettings()
    await second.getByTestId('settings-dialog').getByRole('radio', { name: 'Sáng', exact: true }).check()
    await expect.poll(kept).toContainEqual({ name: 'theme', value: '"light"' })
  } finally {
    await other.close()
  }
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
})
