/**
 * The light landing page: before the visitor's first move it loads only its first script (no React), and
 * what they do before the app is live (typing an e-mail, pressing the button) still reaches the waitlist.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { LandingPage } from './pages/LandingPage.ts'
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

test('an e-mail typed and sent before the app has loaded joins the waitlist', async ({ page, server }) => {
  const landing = new LandingPage(page)
  await landing.goto()
  await expect(page.locator('html')).not.toHaveAttribute('data-ready')
  const email = 'early-bird@example.com'
  await landing.waitlistEmail.fill(email)
  await landing.join.click()
  await expect(landing.done).toBeVisible()
  expect(server.ctx.sqlite.prepare('SELECT email FROM waitlist WHERE email = ?').get(email)).toBeTruthy()
})

test('a language picked before the app has loaded is applied once it is live', async ({ page }) => {
  const landing = new LandingPage(page)
  await landing.goto()
  await expect(page.locator('html')).not.toHaveAttribute('data-ready')
  await page.getByRole('button', { name: 'VI' }).click()
  await expect(landing.heading).toHaveText('Học tiếng Việt bằng những video bạn hiểu được')
})
