/**
 * The dark theme (issue 41 item 23): Light / Dark / Device in Settings, shown at once, set before the
 * first paint (no light flash), followed on every page (learner, admin and public), the device's
 * setting followed while the choice is "Device"; axe's contrast check clean in both themes. Screenshots
 * of the videos, video, progress and settings pages in dark at 390×844 (e2e/screenshots/dark-*.png).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'
import { picturesInView } from './pictures-in-view.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

test.use({ viewport: { width: 390, height: 844 } })

const html = (page: Page) => page.locator('html')
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await picturesInView(page)
  await page.evaluate(() => document.fonts.ready.then(() => true))
  await page.screenshot({ path: path.join(SHOTS, `dark-${name}-phone.png`), fullPage: true })
}

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'Device') {
  await new Navbar(page).openSettings()
  const dialog = page.getByTestId('settings-dialog')
  await dialog.getByRole('radio', { name: label, exact: true }).check()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

test('Dark in Settings shows at once and on every page, before the first paint, with AA contrast', async ({ page, server, signInAs }) => {
  // Six pages, each with an axe run and a full-page screenshot.
  test.setTimeout(150_000)
  const videoId = await seedVideo(server, { title: 'Chợ Bến Thành buổi tối', access: 'free', level: 'introductory', duration: 12, mediaKey: makeHlsFixture(server.dataDir, 4) })
  await signInAs({ path: '/languages/vi/videos', admin: true })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  const light = await background(page)

  await chooseTheme(page, 'Dark')
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  expect(await background(page)).not.toBe(light)

  // Before the app's own script has run, the page is already dark: boot.js set it (no light flash).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/languages/vi/videos', { waitUntil: 'domcontentloaded' })
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  expect(await background(page)).not.toBe(light)
  await page.unroute(/\/assets\/.*\.js$/)

  for (const [name, url] of [
    ['videos', '/languages/vi/videos'],
    ['video', `/languages/vi/videos/${videoId}`],
    ['progress', '/languages/vi/progress'],
    ['account', '/account'],
    ['admin', '/admin-dashboard'],
    ['apply', '/apply'],
  ] as const) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
    await expectNoSeriousViolations(page)
    await shoot(page, name)
  }

  await page.goto('/languages/vi/videos')
  await new Navbar(page).openSettings()
  await expect(page.getByTestId('settings-dialog').getByRole('radio', { name: 'Dark', exact: true })).toBeChecked()
  await expectNoSeriousViolations(page, '[data-testid="settings-dialog"]')
  await shoot(page, 'settings')
})

test('Device follows the device, and Light stays light on a dark device', async ({ page, signInAs }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await signInAs({ path: '/languages' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  await expectNoSeriousViolations(page)

  await chooseTheme(page, 'Light')
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await expectNoSeriousViolations(page)
})
