/** The old-browser warning and the install offers (Chromium's prompt, the iPhone how-to): shown, dismissed, remembered. */
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

test('where the browser offers installing, "Install app" asks it to', async ({ page }) => {
  await page.goto('/')
  await appReady(page)
  // Headless Chromium never fires beforeinstallprompt by itself: hand the app the event it would get.
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
  const banner = page.getByTestId('install-banner')
  await banner.getByRole('button', { name: 'Install app' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  // The browser's own prompt was used; the offer goes away rather than nagging.
  await expect(banner).toHaveCount(0)
})
