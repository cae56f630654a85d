import type { Page } from '@playwright/test'

/**
 * Before a screenshot: the fonts are ready and the pictures in view have loaded (or failed). Not
 * "no request for 500 ms" (networkidle): in two full runs on shared servers a signed-in page never got
 * there (the compass list at phone size, the Vietnamese billing page) although its snapshot was
 * complete, and no single run of those specs repeats it.
 */
export async function picturesInView(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => true))
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect()
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
      })
      .every((image) => image.complete),
  )
}
