/** The settings dialog: keyboard and focus rules, goal options, name validation, premium and cooldown. */
import { expect, test } from './fixtures.ts'
import { E2E_TIME_ZONE } from './time-zone.ts'
import { Navbar } from './pages/Navbar.ts'
import { SettingsDialog } from './pages/SettingsDialog.ts'

test('a learner changes the daily goal; the dialog traps focus, locks scroll, saves on Enter, closes on Esc', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages' })
  const navbar = new Navbar(page)
  await expect(navbar.goalBar).toContainText('0 / 15 min')
  await navbar.openSettings()
  const settings = new SettingsDialog(page)
  await expect(settings.root).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/scroll-locked/)

  // Options 5/15/30/60 with the two highlights; 15 is the default.
  await expect(settings.goal.locator('option')).toHaveText([
    '5 minutes',
    '15 minutes · Easy daily habit',
    '30 minutes · Recommended pace',
    '60 minutes',
  ])
  await expect(settings.goal).toHaveValue('15')
  // Not premium: the name is locked with a notice, and nothing has changed yet.
  await expect(settings.premiumNotice).toContainText('premium')
  await expect(settings.name).toBeDisabled()
  await expect(settings.save).toBeDisabled()

  // Focus stays inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await settings.root.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  }

  await settings.goal.selectOption('30')
  await expect(settings.save).toBeEnabled()
  await settings.goal.focus()
  await page.keyboard.press('Enter')
  await expect(settings.status).toHaveText('Settings updated.')
  await expect(navbar.goalBar).toContainText('0 / 30 min')
  await expect(settings.save).toBeDisabled()

  await page.keyboard.press('Escape')
  await expect(settings.root).toBeHidden()
  await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
})

test('a goal outside the options shows as Custom', async ({ page, server, signInAs }) => {
  const { email } = await signInAs({ path: '/languages' })
  server.ctx.sqlite.prepare('UPDATE users SET daily_goal_minutes = 45 WHERE email = ?').run(email)
  await new Navbar(page).openSettings()
  const settings = new SettingsDialog(page)
  await expect(settings.goal).toHaveValue('45')
  await expect(settings.goal.locator('option:checked')).toHaveText('45 minutes · Custom')
})

test('a premium member renames themself with every validation, then meets the cooldown', async ({ page, server, signInAs }) => {
  await signInAs({ path: '/languages', premium: true })
  const navbar = new Navbar(page)
  await expect(navbar.root.getByRole('button', { name: 'Manage' })).toBeVisible()
  await expect(navbar.upgrade).toHaveCount(0)
  await navbar.openSettings()
  const settings = new SettingsDialog(page)
  await expect(settings.name).toBeEnabled()
  await expect(settings.premiumNotice).toHaveCount(0)
  await expect(settings.name).toHaveAttribute('maxlength', '32')

  await settings.name.fill('ab')
  await expect(settings.nameHint).toHaveText('Use 3 to 32 characters.')
  await expect(settings.save).toBeDisabled()
  await settings.name.fill('Mai <3')
  await expect(settings.nameHint).toHaveText('Use only letters, numbers, spaces, dots, underscores and hyphens.')
  await expect(settings.save).toBeDisabled()
  await settings.name.fill('  Nguyễn Thị Mai  ')
  await expect(settings.nameHint).toHaveCount(0)
  await expect(settings.save).toBeEnabled()
  await settings.name.press('Enter')
  await expect(settings.status).toHaveText('Settings updated.')

  // The name is now locked for 30 days, with the date it opens again.
  await expect(settings.name).toHaveValue('Nguyễn Thị Mai')
  await expect(settings.name).toBeDisabled()
  // The server's clock, which other tests may have moved on.
  const next = new Date(server.clock.now() + 30 * 86_400_000)
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: E2E_TIME_ZONE }).format(next)
  await expect(settings.cooldownNotice).toContainText(expected)
  await expect(navbar.userMenuButton).toContainText('Nguyễn Thị Mai')
})

test('typing the current name back is a no-op that says so', async ({ page, server, signInAs }) => {
  const { email } = await signInAs({ path: '/languages', premium: true })
  server.ctx.sqlite.prepare("UPDATE users SET display_name = 'Lan' WHERE email = ?").run(email)
  await new Navbar(page).openSettings()
  const settings = new SettingsDialog(page)
  await expect(settings.name).toHaveValue('Lan')
  await settings.name.fill('Lana')
  await expect(settings.save).toBeEnabled()
  await settings.name.fill('Lan')
  await expect(settings.nameHint).toHaveText("That's already your current name.")
  await expect(settings.save).toBeDisabled()
})

test('a save the server refuses shows its reason', async ({ page, server, signInAs }) => {
  const { email } = await signInAs({ path: '/languages', premium: true })
  await page.reload()
  // The app's start-up /me takes the answer asked for at load (signed-in-preload.js, early-answers.ts).
  // Once it has, the dialog's /me goes to the network and is the one awaited next; a dialog opened
  // first would take that answer itself, and no request would come (a CI failure under load).
  await page.waitForFunction(() => {
    const early = (window as { __dehieuEarly?: Record<string, unknown> }).__dehieuEarly
    return early !== undefined && !early['/me']
  })
  const answered = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v1/me')
  await new Navbar(page).openSettings()
  await answered
  const settings = new SettingsDialog(page)
  await expect(settings.name).toBeEnabled()
  // The name changed elsewhere a moment ago, after this dialog loaded: the server answers with the cooldown.
  server.ctx.sqlite
    .prepare('UPDATE users SET display_name = ?, display_name_changed_at = ? WHERE email = ?')
    .run('Elsewhere', new Date().toISOString(), email)
  await settings.name.fill('Minh Anh')
  await settings.save.click()
  await expect(settings.status).toContainText('You can change your display name again on')
})
