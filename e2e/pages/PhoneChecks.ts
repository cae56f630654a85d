/**
 * What a learner on a phone notices (issue 32), measured on the page: whether an element is wholly in
 * the first screen, and whether something lies over the controls she taps.
 */
import type { Locator, Page } from '@playwright/test'

/** True when the element's box lies wholly inside the viewport as it is scrolled now. */
export function whollyInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.height > 0
  })
}

/** The controls (buttons, links, fields) another element's box overlaps, by their text or label. */
export function controlsCoveredBy(page: Page, cover: Locator): Promise<string[]> {
  return cover.evaluate((coverElement) => {
    const box = coverElement.getBoundingClientRect()
    const overlaps = (other: DOMRect) => other.width > 0 && other.height > 0 && other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top
    return [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
      .filter((control) => !coverElement.contains(control) && overlaps(control.getBoundingClientRect()))
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName)
  })
}

/** Whether the element sits in a fixed or sticky layer over the page. */
export function isFixedLayer(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position
      if (position === 'fixed' || position === 'sticky') return true
    }
    return false
  })
}

/** Hands the app the install offer headless Chromium never makes by itself. */
export async function offerInstalling(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> }
    event.prompt = async () => undefined
    event.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(event)
  })
}

/** "About 1.2 MB" or "About 640 KB" (or a "Downloaded · … · 360p" tag) read back as bytes. */
export function bytesIn(text: string): number {
  const found = /([\d.,]+)\s*(KB|MB|GB)/.exec(text)
  if (!found) throw new Error(`No size in “${text}”`)
  const value = Number(found[1]!.replace(/,/g, ''))
  return value * { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[found[2] as 'KB' | 'MB' | 'GB']
}
