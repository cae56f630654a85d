/** The old-browser warning and the install offers (Chromium's prompt, the iPhone how-to): shown, dismissed, remembered. */
import type { Locator, Page } from '@playwright/test'
import { appReady, expect, test } from './fixtures.ts'

test.describe('an old browser', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36',
  })

  test('is warned once, until it dismisses the warning', async ({ page }) => {
    await page.goto('/login')
    const warning = page.getByTestId('compat-warning')
    await expect(warning).toContainText('Chrome 90, Firefox 88, Safari 14, Edge 90')
    await warning.getByRole('button', { name: 'Dismiss' }).click()
    await expect(warning).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(warning).toHaveCount(0)
  })

  test('is warned on the landing page too, before any move', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('compat-warning')).toContainText('Chrome 90, Firefox 88, Safari 14, Edge 90')
  })
})

test('a current browser sees no warning', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('compat-warning')).toHaveCount(0)
})

test.describe('Safari on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })

  test('is shown how to add the app to the Home Screen, until it says not now', async ({ page }) => {
    await page.goto('/')
    await appReady(page)
    const banner = page.getByTestId('install-banner')
    await expect(banner).toContainText('tap Share, then “Add to Home Screen”')
    await banner.getByRole('button', { name: 'Not now' }).click()
    await expect(banner).toHaveCount(0)
    await page.reload()
    await appReady(page)
    await expect(banner).toHaveCount(0)
  })
})

/** Headless Chromium never fires beforeinstallprompt by itself: hand the app the event it would get. */
async function offerInstalling(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>
      userChoice: Promise<{ outcome: string }>
    }
    event.prompt = async () => {
      ;(window as unknown as { prompted: boolean }).prompted = true
    }
    event.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(event)
  })
}

/** The lines the banner's text takes, and where its buttons are: below the text or beside it. */
function bannerLayout(banner: Locator) {
  return banner.evaluate((element) => {
    const text = element.querySelector('p')!
    const range = document.createRange()
    range.selectNodeContents(text)
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    const buttons = element.querySelector('.install-actions')!.getBoundingClientRect()
    return { lines, buttonsBelowText: buttons.top >= text.getBoundingClientRect().bottom }
  })
}

test('where the browser offers installing, "Install app" asks it to', async ({ page }) => {
  await page.goto('/')
  await appReady(page)
  await offerInstalling(page)
  const banner = page.getByTestId('install-banner')
  await banner.getByRole('button', { name: 'Install app' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  // The browser's own prompt was used; the offer goes away rather than nagging.
  await expect(banner).toHaveCount(0)
})

test('on a phone the install offer reads as a sentence, its buttons below it; on a desktop, one row', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await appReady(page)
  await offerInstalling(page)
  const banner = page.getByTestId('install-banner')
  await expect(banner.getByRole('button', { name: 'Install app' })).toBeVisible()
  const phone = await bannerLayout(banner)
  await page.screenshot({ path: 'e2e/screenshots/install-banner-mobile.png' })
  expect(phone.lines).toBeLessThanOrEqual(2)
  expect(phone.buttonsBelowText).toBe(true)

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'e2e/screenshots/install-banner-desktop.png' })
  const desktop = await bannerLayout(banner)
  expect(desktop.lines).toBeLessThanOrEqual(2)
  expect(desktop.buttonsBelowText).toBe(false)
})
