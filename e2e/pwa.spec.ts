/**
 * Installable and offline-ready: Chromium reports no installability errors, the service worker takes
 * control, and with the network gone a reload still shows the app, the stored user and the languages.
 */
import { expect, test } from './fixtures.ts'
import { LanguagesPage } from './pages/LanguagesPage.ts'
import { Navbar } from './pages/Navbar.ts'

test('the manifest makes the app installable, with real icons', async ({ page, context, request }) => {
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's contexts are off the record; that one "error" is the test harness, not the app.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([])

  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ name: expect.stringContaining('Dễ Hiểu'), short_name: 'Dễ Hiểu', start_url: '/', display: 'standalone' })
  expect(manifest.theme_color).toBeTruthy()
  for (const icon of manifest.icons as { src: string; sizes: string; purpose?: string }[]) {
    const response = await request.get(icon.src)
    expect(response.headers()['content-type']).toBe('image/png')
    const png = await response.body()
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]
    expect(`${width}x${height}`).toBe(icon.sizes)
  }
  expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true)
})

test('the installed app opens offline with the stored user and the cached languages', async ({ page, context, server, signInAs }) => {
  const { email } = await signInAs({ path: '/languages' })
  const languages = new LanguagesPage(page)
  await languages.list.waitFor()
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  // The worker claims the page on its first install; a reload proves it serves navigations.
  await page.reload()
  await languages.list.waitFor()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await expect(languages.card('Vietnamese')).toBeVisible()
  await expect(languages.card('Cantonese')).toBeVisible()
  const navbar = new Navbar(page)
  await navbar.openUserMenu()
  await expect(navbar.userMenuButton).toContainText(email)
  await page.keyboard.press('Escape')

  // A page never visited before still opens from the precached shell.
  await page.goto('/contributor-dashboard').catch(() => undefined)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // The daily goal follows the account through the outbox (issue 41 item 10): saved offline, it reaches
  // the server once the network answers.
  await navbar.openSettings()
  await page.getByTestId('goal-select').selectOption('60')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('settings-status')).toHaveText('Settings updated.')
  const goal = () => (server.ctx.sqlite.prepare('SELECT daily_goal_minutes AS goal FROM users WHERE email = ?').get(email) as { goal: number }).goal
  expect(goal()).not.toBe(60)
  await context.setOffline(false)
  await expect.poll(goal, { timeout: 30_000 }).toBe(60)
})
