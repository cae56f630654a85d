/** Signing in with the mailed code, the first-run welcome, errors, logout and a server-ended session. */
import { expect, test, uniqueEmail, openAs } from './fixtures.ts'
import { LoginPage } from './pages/LoginPage.ts'
import { Navbar } from './pages/Navbar.ts'
import { signIn } from '../sync-server/test-support/test-server.ts'
import { readMail } from '../sync-server/test-support/smtp-capture.ts'
import type { Page } from '@playwright/test'

/** Moves within the app, as its links do (no reload, so the page keeps what it knows). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }, to)
}

test('an accepted contributor is told by e-mail how to sign in, and the first sign-in lands on the contributor dashboard', async ({ page, server }) => {
  const email = uniqueEmail('accepted')
  const form = new FormData()
  for (const [name, value] of Object.entries({ name: 'Đỗ Minh Châu', email, english_ability: 'well', ui_language: 'en' })) form.set(name, value)
  const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new Array<number>(4000).fill(0x11)])
  form.set('video', new Blob([mp4], { type: 'video/mp4' }), 'me.mp4')
  const applied = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body: form })
  expect(applied.status).toBe(201)
  const id = ((await applied.json()) as { data: { id: number } }).data.id
  const boss = await signIn(server, 'admin@example.com')
  await server.ctx.database.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', boss.user.id).execute()
  const decided = await fetch(`${server.api}/admin/applications/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${boss.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ application: { status: 'accepted' } }),
  })
  expect(decided.status).toBe(200)
  await expect.poll(() => server.smtp.mails.filter((mail) => mail.to.includes(email) && /sign in at http\S+\/login with this e-mail address/.test(readMail(mail).text)).length).toBe(1)

  const login = new LoginPage(page)
  await login.goto()
  const since = server.smtp.mails.length
  await login.askForCode(email)
  await login.enterCode(await server.smtp.waitForCode(email, { since }))
  await expect(page).toHaveURL(/\/contributor-dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Which language do you want to learn?' })).toHaveCount(0)
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `e2e/screenshots/contributor-first-sign-in-${size.width < 600 ? 'phone' : 'desktop'}.png` })
  }
})

test('a new person signs in with the mailed code, is welcomed once, and stays signed in', async ({ page, server }) => {
  const email = uniqueEmail('newcomer')
  const login = new LoginPage(page)
  await login.goto()
  const since = server.smtp.mails.length
  await login.askForCode(email)
  await expect(page.getByTestId('code-sent')).toContainText(email)
  const code = await server.smtp.waitForCode(email, { since })
  await login.enterCode(code)

  // First sign-in: the welcome asks for a language and a daily goal.
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Dễ Hiểu' })).toBeVisible()
  await page.getByRole('radio', { name: /Vietnamese/ }).check()
  await page.getByRole('radio', { name: /30 minutes/ }).check()
  await page.getByRole('button', { name: 'Start watching' }).click()
  await expect(page).toHaveURL(/\/languages\/vi\/videos$/)

  const navbar = new Navbar(page)
  await expect(navbar.languageButton).toContainText('Vietnamese')
  await expect(navbar.goalBar).toContainText('0 / 30 min')
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null,
    sessionStart: localStorage.getItem('sessionStart'),
    selectedLanguage: localStorage.getItem('selectedLanguage'),
  }))
  expect(stored.token).toBeTruthy()
  expect(stored.user?.email).toBe(email)
  expect(Number(stored.sessionStart)).toBeGreaterThan(0)
  expect(stored.selectedLanguage).toBe('vi')

  await page.reload()
  await expect(navbar.languageButton).toContainText('Vietnamese')

  // A returning person goes straight to the languages, never to the welcome.
  await navbar.logOut()
  await expect(page).toHaveURL(/\/login$/)
  const again = server.smtp.mails.length
  await login.askForCode(email)
  await login.enterCode(await server.smtp.waitForCode(email, { since: again }))
  await expect(page).toHaveURL(/\/languages$/)
})

test('sign-in errors: wrong code, expired code, too many codes', async ({ page, server }) => {
  const email = uniqueEmail('typo')
  const login = new LoginPage(page)
  await login.goto()
  let since = server.smtp.mails.length
  await login.askForCode(email)
  const code = await server.smtp.waitForCode(email, { since })
  const wrong = code === '000000' ? '111111' : '000000'

  await login.enterCode(wrong)
  await expect(login.error).toHaveText("That code isn't right. Check the email and try again.")
  await expect(page).toHaveURL(/\/login$/)

  // Codes live ten minutes: move the server's clock past that.
  server.clock.advance(11 * 60_000)
  await login.enterCode(code)
  await expect(login.error).toHaveText('That code has expired. Ask for a new code.')

  // Five codes an address an hour; the sixth request is refused with the time to wait.
  for (let sent = 1; sent < 5; sent++) {
    since = server.smtp.mails.length
    await login.resend.click()
    await expect(page.getByTestId('code-sent')).toContainText('We sent a new code')
    await server.smtp.waitForCode(email, { since })
  }
  await login.resend.click()
  await expect(login.error).toContainText(/Too many codes were requested\. Please try again in \d+ minutes?\./)
})

test('logging out clears the session even when the server cannot be reached', async ({ page, signInAs, context }) => {
  await signInAs()
  const navbar = new Navbar(page)
  await expect(navbar.root).toBeVisible()
  await context.route('**/api/v1/auth/logout', (route) => route.abort('internetdisconnected'))
  await navbar.logOut()
  await expect(page).toHaveURL(/\/login$/)
  const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('sessionStart')])
  expect(stored).toEqual([null, null, null])
  await page.goto('/languages')
  await expect(page).toHaveURL(/\/$/)
})

test('logging out on a public page goes to /login, once: signed-in pages then send the visitor to /, an unknown path says it is not found', async ({ page, signInAs }) => {
  await signInAs({ path: '/apply' })
  const navbar = new Navbar(page)
  await expect(navbar.root).toBeVisible()
  await navbar.logOut()
  await expect(page).toHaveURL(/\/login$/)
  await expect(new LoginPage(page).email).toBeVisible()
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0)

  // Later in the same page's life, a signed-out visitor follows the usual rules.
  await navigateInApp(page, '/languages')
  await expect(page).toHaveURL(/\/$/)
  // A path that is no page says so, where it is, with the way home (issue 32: no silent redirect).
  await navigateInApp(page, '/no-such-page')
  await expect(page).toHaveURL(/\/no-such-page$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
  await navigateInApp(page, '/comprehensible-input')
  await expect(page).toHaveURL(/\/comprehensible-input$/)
})

test('a 401 from the server sends the browser to /login', async ({ page, server, signInAs }) => {
  const { user } = await signInAs()
  await expect(new Navbar(page).root).toBeVisible()
  // The session is revoked on the server (as a logout elsewhere would); the next call answers 401.
  server.ctx.sqlite.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ?').run(Date.now(), user.id)
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])

  // Once: afterwards a signed-in page sends the signed-out visitor to /, and /login no longer says it ended.
  await navigateInApp(page, '/languages')
  await expect(page).toHaveURL(/\/$/)
  await navigateInApp(page, '/login')
  await expect(new LoginPage(page).email).toBeVisible()
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0)
})

test('a stored session opens straight into the app', async ({ page, server }) => {
  const email = uniqueEmail('returning')
  const session = await signIn(server, email)
  await openAs(page, session, '/')
  await expect(page).toHaveURL(/\/languages$/)
})
