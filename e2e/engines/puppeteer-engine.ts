/**
 * Chromium (CDP) and Firefox ESR (WebDriver BiDi) through puppeteer-core, with the machine's browsers:
 * Playwright's own Firefox is a patched build that cannot be downloaded here (stack-notes §13).
 */
import fs from 'node:fs'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts'
import { findAndTag, SILENCE_LIFECYCLE, type EngineBrowser, type EngineName, type Query, type Tab } from './driver.ts'

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

export function puppeteerEngineMissing(name: 'chromium' | 'firefox'): string | undefined {
  const binary = name === 'chromium' ? CHROMIUM_PATH : FIREFOX_PATH
  return fs.existsSync(binary) ? undefined : `${binary} is not installed`
}

export async function launchPuppeteer(name: 'chromium' | 'firefox', origin: string, viewport: { width: number; height: number }): Promise<EngineBrowser> {
  const browser: Browser =
    name === 'chromium'
      ? await puppeteer.launch({ browser: 'chrome', executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, defaultViewport: viewport })
      : await puppeteer.launch({
          browser: 'firefox',
          executablePath: FIREFOX_PATH,
          headless: true,
          defaultViewport: viewport,
          // Autoplay of muted media as in a normal profile; no update or telemetry traffic.
          extraPrefsFirefox: { 'media.autoplay.default': 0, 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false },
        })
  const tabs = new Set<Page>()
  let offline = false
  // Firefox over BiDi can hang opening a tab while the network is cut: keep one open from the start.
  const spare: Page[] = [await browser.newPage()]
  const hasOfflineSwitch = await offlineSwitchWorks(spare[0])
  return {
    name: name as EngineName,
    hasOfflineSwitch,
    async newTab() {
      const page = spare.pop() ?? (await browser.newPage())
      tabs.add(page)
      if (offline) await page.setOfflineMode(true)
      return puppeteerTab(name, page, origin, () => tabs.delete(page))
    },
    async setOffline(on) {
      if (!hasOfflineSwitch) return
      offline = on
      for (const page of tabs) if (!page.isClosed()) await page.setOfflineMode(on)
    },
    async close() {
      await browser.close()
    },
  }
}

/**
 * puppeteer-core 24 (the version whose engines match the README's Node) sends Firefox
 * `emulation.setNetworkConditions`, which Firefox ESR 140 does not know: there "offline" is the cut
 * tunnel alone, as in WebKit, and the tests read `hasOfflineSwitch` rather than the engine's name.
 */
async function offlineSwitchWorks(page: Page): Promise<boolean> {
  try {
    await page.setOfflineMode(false)
    return true
  } catch (error) {
    if (/unknown command/i.test(String(error))) return false
    throw error
  }
}

function puppeteerTab(name: 'chromium' | 'firefox', page: Page, origin: string, forget: () => void): Tab {
  const tagged = async (query: Query) => {
    const selector = await findAndTag((expression) => page.evaluate(expression), query)
    const handle = await page.$(selector)
    if (!handle) throw new Error(`Lost from the page: ${JSON.stringify(query)}`)
    return handle
  }
  return {
    async goto(target) {
      await page.goto(new URL(target, origin).href, { waitUntil: 'load' })
    },
    async reload() {
      await page.reload({ waitUntil: 'load' })
    },
    async url() {
      return page.url()
    },
    async evaluate(fn, arg) {
      return (await page.evaluate(`(${fn.toString()})(${JSON.stringify(arg ?? null)})`)) as never
    },
    async click(query) {
      const handle = await tagged(query)
      await handle.click()
      await handle.dispose()
    },
    async fill(query, text) {
      const handle = await tagged(query)
      await handle.click({ count: 3 })
      await handle.evaluate((element) => (element as HTMLInputElement).select?.())
      await page.keyboard.press('Backspace')
      await handle.type(text)
      await handle.dispose()
    },
    async select(query, value) {
      const handle = await tagged(query)
      await handle.select(value)
      await handle.dispose()
    },
    async setFile(query, file) {
      const handle = await tagged(query)
      await (handle as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(file)
      await handle.dispose()
    },
    async bringToFront() {
      await page.bringToFront()
    },
    async pressKey(key) {
      await page.keyboard.press(key)
    },
    async kill() {
      if (name === 'chromium') {
        const cdp = await page.createCDPSession()
        void cdp.send('Page.crash').catch(() => undefined)
        // The renderer is gone once the page says so.
        await new Promise<void>((resolve) => page.once('error', () => resolve()))
      } else {
        await page.evaluate(SILENCE_LIFECYCLE)
      }
      forget()
      await page.close({ runBeforeUnload: false }).catch(() => undefined)
    },
    async close() {
      forget()
      await page.close()
    },
  }
}
