/**
 * One small driver for three engines, so the offline suite and its page models run unchanged in
 * Chromium (puppeteer-core over CDP), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK
 * (selenium-webdriver → WebKitWebDriver → MiniBrowser). Elements are found in the page by a Query
 * (a CSS selector, optionally narrowed by its text or found by its label), then acted on natively
 * (real clicks and key presses), so React sees what a person would do.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit'

export type Letter = 'a' | 'd' | 'k' | 'r'

/** What to find: the first element matching `css` (within `within`), with `text` in it, or a form control by its `label`. */
export interface Query {
  css?: string
  /** Text the element holds: a substring, or `{ re, flags }` for a regular expression. */
  text?: string | { re: string; flags?: string }
  /** A form control whose <label> (or aria-label) holds this text. */
  label?: string
  within?: Query
  /** Only elements that take up space on the page. */
  visible?: boolean
}

export const byTestId = (id: string, more: Omit<Query, 'css'> = {}): Query => ({ css: `[data-testid="${id}"]`, ...more })

export interface Tab {
  /** Opens a path of the app (or a full URL). */
  goto(pathOrUrl: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Runs a function in the page (serialised: it must not use anything from outside) and returns its JSON-able result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
  click(query: Query): Promise<void>
  /** Replaces the text of an input or textarea by typing it. */
  fill(query: Query, text: string): Promise<void>
  select(query: Query, value: string): Promise<void>
  setFile(query: Query, file: string): Promise<void>
  /** A key press: Escape, Shift, or one letter (the player's keys). */
  pressKey(key: 'Escape' | 'Shift' | Letter): Promise<void>
  /** Makes this the tab in sight (a background tab is hidden: the app counts no watch time there). */
  bringToFront(): Promise<void>
  /**
   * Ends the tab as a phone ends an app in the background: no pagehide, visibilitychange or unload
   * handler of the app runs (Chromium: the renderer crashes; elsewhere those events are stopped before
   * the app hears them, then the tab closes).
   */
  kill(): Promise<void>
  close(): Promise<void>
}

export interface EngineBrowser {
  readonly name: EngineName
  /** The browser's own offline switch (navigator.onLine false, `offline` event), where its driver has one. */
  readonly hasOfflineSwitch: boolean
  newTab(): Promise<Tab>
  setOffline(offline: boolean): Promise<void>
  close(): Promise<void>
}

/**
 * Finds a Query's element in the page and tags it with `data-e2e-target`, so the driver can act on it
 * natively. Written as plain JavaScript in a string: it runs in the page, in any engine.
 */
export const FIND_SCRIPT = `
(function find(q) {
  const matches = (text, want) => {
    if (typeof want === 'string') return (text || '').replace(/\\s+/g, ' ').includes(want)
    return new RegExp(want.re, want.flags || '').test((text || '').replace(/\\s+/g, ' ').trim())
  }
  const scope = q.within ? find(q.within) : document
  if (!scope) return null
  let found
  if (q.label) {
    found = [...scope.querySelectorAll('input,select,textarea')].filter((el) => {
      const names = [...(el.labels || [])].map((label) => label.textContent)
      names.push(el.getAttribute('aria-label'))
      return names.some((name) => name && matches(name, q.label))
    })
    if (q.css) found = found.filter((el) => el.matches(q.css))
  } else {
    found = [...scope.querySelectorAll(q.css || '*')]
  }
  if (q.text !== undefined) found = found.filter((el) => matches(el.textContent, q.text))
  if (q.visible) found = found.filter((el) => el.getClientRects().length > 0)
  return found[0] || null
})`

let tagCounter = 0

/** An expression that finds the query's element, tags it, and answers the CSS selector of the tag (or null). */
export function tagExpression(query: Query): { expression: string; selector: string } {
  tagCounter += 1
  const tag = `t${tagCounter}`
  return {
    selector: `[data-e2e-target="${tag}"]`,
    expression: `(() => { const el = ${FIND_SCRIPT}(${JSON.stringify(query)}); if (!el) return false; el.setAttribute('data-e2e-target', ${JSON.stringify(tag)}); return true })()`,
  }
}

/** Stops the app hearing its tab go away (for engines whose driver cannot crash a renderer). */
export const SILENCE_LIFECYCLE = `(() => {
  for (const type of ['pagehide', 'visibilitychange', 'beforeunload', 'unload', 'freeze']) {
    window.addEventListener(type, (event) => event.stopImmediatePropagation(), true)
    document.addEventListener(type, (event) => event.stopImmediatePropagation(), true)
  }
  return true
})()`

/**
 * Finds and tags a query's element, waiting for it to appear (as Playwright's locators do), and answers
 * the selector of the tag. `run` evaluates an expression in the page.
 */
export async function findAndTag(run: (expression: string) => Promise<unknown>, query: Query, timeoutMs = 10_000): Promise<string> {
  const { expression, selector } = tagExpression(query)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await run(expression).catch(() => false)) return selector
    if (Date.now() > deadline) throw new Error(`Not found in the page within ${timeoutMs} ms: ${JSON.stringify(query)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
