/**
 * Phone (390×844) and desktop (1280×800) screenshots of every screen, in English and in Vietnamese,
 * into e2e/screenshots/ (not committed). They are for people to look at; the assertions only make sure each screen has rendered.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'
import { VideosPage } from './pages/WatchPages.ts'
import { offerInstalling } from './pages/PhoneChecks.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { DELETION_CODE } from '../sync-server/test-support/smtp-capture.ts'
import { signIn } from '../sync-server/test-support/test-server.ts'
import { picturesInView } from './pictures-in-view.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

async function shoot(page: Page, name: string, viewport: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready.then(() => true))
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage })
}

async function ready(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await picturesInView(page)
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} screenshots`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('public pages', async ({ page, server }) => {
      for (const [name, url] of [
        ['landing', '/'],
        ['explainer', '/comprehensible-input'],
        ['explainer-vi', '/vi/'],
        ['explainer-zh-hant-hk', '/zh-Hant-HK/'],
        ['apply', '/apply'],
        ['login', '/login'],
      ] as const) {
        await page.goto(url)
        await ready(page)
        await shoot(page, name, viewport.name)
      }
      const since = server.smtp.mails.length
      await page.getByLabel('Email').fill(`shots-${viewport.name}@example.com`)
      await page.getByRole('button', { name: 'Send code' }).click()
      await server.smtp.waitForCode(`shots-${viewport.name}@example.com`, { since })
      await page.getByLabel('Code from the email').fill('123')
      await shoot(page, 'login-code', viewport.name)
    })

    test('signed-in pages and dialogs', async ({ page, signInAs }) => {
      await signInAs({ path: '/register', admin: true })
      await ready(page)
      await page.getByRole('radio', { name: /Vietnamese/ }).check()
      await shoot(page, 'register-welcome', viewport.name)
      await page.goto('/languages')
      await page.getByTestId('language-list').waitFor()
      await page.getByTestId('language-list').getByRole('link', { name: /Vietnamese/ }).click()
      await ready(page)
      await page.goto('/languages')
      await ready(page)
      await shoot(page, 'languages', viewport.name)

      for (const [name, url] of [
        ['videos', '/languages/vi/videos'],
        ['progress', '/languages/vi/progress'],
        ['admin-dashboard', '/admin-dashboard'],
        ['contributor-dashboard', '/contributor-dashboard'],
        ['billing', '/billing?plan=year'],
      ] as const) {
        await page.goto(url)
        await ready(page)
        await shoot(page, name, viewport.name)
      }

      await page.goto('/languages')
      await ready(page)
      const navbar = new Navbar(page)
      await navbar.openUserMenu()
      await shoot(page, 'user-menu', viewport.name, false)
      await page.keyboard.press('Escape')
      await navbar.languageButton.click()
      await shoot(page, 'language-picker', viewport.name, false)
      await page.keyboard.press('Escape')

      await navbar.openSettings()
      await expect(page.getByTestId('settings-dialog')).toBeVisible()
      await expect(page.getByTestId('premium-notice')).toBeVisible()
      await shoot(page, 'settings', viewport.name, false)
      await page.keyboard.press('Escape')

      await navbar.openFeedback()
      await page.getByLabel('Your feedback').fill('The lantern picture is lovely.')
      await shoot(page, 'feedback', viewport.name, false)
      await page.keyboard.press('Escape')
    })

    for (const language of ['en', 'vi'] as const) {
      test(`the learner's pages in ${language === 'en' ? 'English' : 'Vietnamese'}: videos, filters, install offer, progress, not found`, async ({ page, server, signInAs }) => {
        // Legitimately long: three videos seeded, six full page loads and nine full-page screenshots
        // (28-31 s of the 60 s alone at load 15 on 2 cores; past it, in picturesInView, at 20-30).
        test.slow()
        const stamp = Date.now()
        for (const [level, access] of [['introductory', 'free'], ['beginner', 'preview'], ['advanced', 'premium']] as const) {
          await seedVideo(server, { level, access, title: `${level} ${stamp}`, duration: 95, mediaKey: makeHlsFixture(server.dataDir, 4) })
        }
        const suffix = language
        await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
        await signInAs({ path: '/languages/vi/videos' })
        const list = new VideosPage(page)
        await ready(page)
        await expect(list.cards.first()).toBeVisible()
        await shoot(page, `learner-videos-${suffix}`, viewport.name, false)
        await offerInstalling(page)
        await expect(page.getByTestId('install-banner')).toBeVisible()
        await shoot(page, `learner-videos-install-${suffix}`, viewport.name, true)
        await list.filtersButton.click()
        await expect(list.sheet).toBeVisible()
        await shoot(page, `learner-videos-filters-${suffix}`, viewport.name, false)
        await page.keyboard.press('Escape')
        for (const [name, url] of [
          ['learner-progress', '/languages/vi/progress'],
          ['learner-account', '/account'],
          ['learner-not-found', '/no-such-page'],
          ['learner-no-language', '/languages/xx/videos'],
        ] as const) {
          await page.goto(url)
          await ready(page)
          await shoot(page, `${name}-${suffix}`, viewport.name)
        }
        await page.goto('/languages')
        await ready(page)
        await new Navbar(page).openUserMenu()
        await shoot(page, `learner-user-menu-${suffix}`, viewport.name, false)
      })
    }

    test('the account page: data, devices, deleting', async ({ page, signInAs, server }) => {
      const email = `shots-account-${viewport.name}@example.com`
      // A phone signed in too, so the devices list has another device to sign out.
      await signIn(server, email, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' })
      await signInAs({ path: '/account', email })
      await ready(page)
      await expect(page.getByTestId('device')).toHaveCount(2)
      await shoot(page, 'account', viewport.name)
      await page.getByRole('button', { name: 'Delete my account…' }).click()
      const since = server.smtp.mails.length
      await page.getByRole('button', { name: 'E-mail me the code' }).click()
      await server.smtp.waitForCode(email, { since, pattern: DELETION_CODE })
      await page.getByLabel('Code from the e-mail').fill('123456')
      await shoot(page, 'account-delete', viewport.name, false)
    })
  })
}
