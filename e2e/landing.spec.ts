/**
 * The light landing page: before the visitor's first move it loads only its first script (no React). An
 * open deployment (the default) offers Start watching and Sign in on the first screen; a pre-launch one
 * (PRE_LAUNCH) says Coming soon, and what a visitor does there before the app is live (typing an e-mail,
 * pressing the button) still reaches the waitlist.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { LandingPage } from './pages/LandingPage.ts'
import { startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { appReady, expect, pwaDist, test } from './fixtures.ts'

const LANDING_JS_BUDGET_KB = 90

test('before any interaction the landing page loads at most 90 KB of gzip JavaScript, and no React', async ({ page }) => {
  const scripts = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
  })
  const landing = new LandingPage(page)
  await landing.goto()
  await expect(landing.heading).toBeVisible()
  await page.waitForLoadState('networkidle')
  let gzipBytes = 0
  for (const script of scripts) gzipBytes += zlib.gzipSync(fs.readFileSync(path.join(pwaDist, script)), { level: 9 }).length
  expect(scripts.size).toBeGreaterThan(0)
  expect(gzipBytes / 1024).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB)
  await expect(page.locator('html')).not.toHaveAttribute('data-ready')

  // The first move brings the app; it hydrates the same page.
  await appReady(page)
  await expect(landing.heading).toHaveText('Learn Vietnamese by watching videos you understand')
})

test('an open deployment offers Start watching and Sign in on the first screen, not a waitlist', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const landing = new LandingPage(page)
  await landing.goto()
  await expect(landing.start).toBeInViewport()
  await expect(landing.start).toHaveAttribute('href', '/login')
  await expect(landing.signIn).toBeInViewport()
  await expect(landing.kicker).toHaveText('Free to start')
  await expect(page.getByTestId('waitlist-form')).toHaveCount(0)
  await landing.start.click()
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('a deployment not yet open (PRE_LAUNCH)', () => {
  let preLaunch: TestServer
  test.beforeAll(async () => {
    preLaunch = await startTestServer({ pwaDist, env: { PRE_LAUNCH: '1' } })
  })
  test.afterAll(async () => {
    await preLaunch.close()
  })

  test('says Coming soon, and an e-mail typed and sent before the app has loaded joins the waitlist', async ({ page }) => {
    const landing = new LandingPage(page)
    await page.goto(`${preLaunch.baseUrl}/`)
    await expect(landing.kicker).toHaveText('Coming soon')
    await expect(landing.start).toHaveCount(0)
    await expect(page.locator('html')).not.toHaveAttribute('data-ready')
    const email = 'early-bird@example.com'
    await landing.waitlistEmail.fill(email)
    await landing.join.click()
    await expect(landing.done).toBeVisible()
    const row = await preLaunch.ctx.database.db.selectFrom('waitlist').select('email').where('email', '=', email).executeTakeFirst()
    expect(row).toBeTruthy()
    // No worker: it would answer the next visit with the precached open landing.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
  })
})

test('a language picked before the app has loaded is applied once it is live', async ({ page }) => {
  const landing = new LandingPage(page)
  await landing.goto()
  await expect(page.locator('html')).not.toHaveAttribute('data-ready')
  await page.getByRole('button', { name: 'VI' }).click()
  await expect(landing.heading).toHaveText('Học tiếng Việt bằng những video bạn hiểu được')
})
