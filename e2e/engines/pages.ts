/**
 * Page models of the engine suite: what a learner sees and does, by the app's stable test ids, roles
 * and labels, written once for every engine's driver (driver.ts). `until` waits for a condition in the
 * page (polled; the drivers of the other engines cannot await an in-page promise across a reload).
 */
import { execFileSync } from 'node:child_process'
import { byTestId, type Query, type Tab } from './driver.ts'

/** Waits until `fn` is truthy in the page, and answers its value. A navigation in between is waited out. */
export async function until<R, A = undefined>(tab: Tab, what: string, fn: (arg: A) => R | Promise<R>, arg?: A, timeoutMs = 15_000): Promise<R> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await tab.evaluate(fn, arg as A)
      if (value) return value
      last = value
    } catch (error) {
      last = error // the page is navigating
    }
    if (Date.now() > deadline) {
      const shown = await tab.evaluate(() => `${location.pathname}: ${(document.body.innerText ?? '').replace(/\s+/g, ' ').slice(0, 1500)}`).catch(() => '(no page)')
      throw new Error(`Waited ${timeoutMs} ms for ${what}; last: ${String(last)}\nThe page shows ${shown}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The text of the first element a CSS selector finds, once it is on the page and takes up space. */
export function visibleText(tab: Tab, css: string, timeoutMs?: number): Promise<string> {
  return until(
    tab,
    `${css} to show`,
    (selector) => {
      const element = document.querySelector(selector)
      return element && element.getClientRects().length > 0 ? (element.textContent ?? '').replace(/\s+/g, ' ').trim() || ' ' : ''
    },
    css,
    timeoutMs,
  )
}

export const count = (tab: Tab, css: string) => tab.evaluate((selector) => document.querySelectorAll(selector).length, css)

/** The service worker controls the page: a reload while offline gets the app from it. */
export async function workerInControl(tab: Tab) {
  // Polled, not awaited: a script waiting on `ready` would hit the WebDriver script timeout instead.
  await until(tab, 'the service worker to be active', async () => Boolean((await navigator.serviceWorker.getRegistration())?.active), undefined, 60_000).catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await workerDiagnosis(tab)}`)
  })
  if (!(await tab.evaluate(() => navigator.serviceWorker.controller !== null))) await tab.reload()
  await until(tab, 'the service worker to control the page', () => navigator.serviceWorker.controller !== null)
}

/**
 * For a failure's message: the registration's workers and their states, the page's last requests with
 * their timing, and the browser processes running on the machine (one of a previous test still alive?).
 */
async function workerDiagnosis(tab: Tab): Promise<string> {
  const page = await tab
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return {
        registration: registration ? { installing: registration.installing?.state, waiting: registration.waiting?.state, active: registration.active?.state } : null,
        readyState: document.readyState,
        requests: performance.getEntriesByType('resource').slice(-30).map((entry) => `${entry.name.replace(location.origin, '')} at ${Math.round(entry.startTime)} ms, ${Math.round(entry.duration)} ms`),
      }
    })
    .catch((error: unknown) => String(error))
  let processes: string
  try {
    processes = execFileSync('ps', ['-eo', 'pid,ppid,etime,pcpu,args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => /WebKit|MiniBrowser|Xvfb|firefox|chromium/.test(line))
      .join('\n')
  } catch (error) {
    processes = String(error)
  }
  return `The page: ${JSON.stringify(page)}\nBrowser processes:\n${processes}`
}

export const tid = (id: string) => `[data-testid="${id}"]`

export class Shell {
  constructor(readonly tab: Tab) {}
  offlineNotice = () => visibleText(this.tab, tid('offline-indicator'))
  languageCard = (name: string) => until(this.tab, `the language ${name}`, (wanted) => [...document.querySelectorAll('[data-testid="language-list"] a')].some((link) => (link.textContent ?? '').includes(wanted)), name)
  userMenu = () => visibleText(this.tab, `${tid('user-menu')} button`)
}

export class SyncStatus {
  constructor(readonly tab: Tab) {}
  goalSeconds = () => this.tab.evaluate(() => Number(document.querySelector('[data-testid="goal-bar"]')?.getAttribute('data-seconds') ?? NaN))
  /** What waits in the outbox, as the navbar's indicator says (NaN while it is not on the page). */
  pending = () => this.tab.evaluate(() => Number(document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-pending') ?? NaN))
}

export class VideoPage {
  constructor(readonly tab: Tab) {}

  open = (id: number) => this.tab.goto(`/languages/vi/videos/${id}`)
  /** Waits for the page's heading to hold `title`. */
  heading = (title: string) =>
    until(this.tab, `the heading ${title}`, (wanted) => [...document.querySelectorAll('h1')].some((heading) => (heading.textContent ?? '').includes(wanted)), title, 20_000)

  /** Starts playback muted (no autoplay rule in the way), once hls.js has attached the stream. */
  async play() {
    await until(this.tab, 'media in the player', () => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.readyState ?? 0) >= 1, undefined, 30_000)
    await this.tab.evaluate(async () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!
      video.muted = true
      await video.play()
      return true
    })
  }

  playUntil = (seconds: number) =>
    until(this.tab, `playback to reach ${seconds} s`, (to) => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0) >= to, seconds, (seconds + 30) * 1000)

  ended = () => until(this.tab, 'the video to end', () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.ended === true, undefined, 60_000)

  bufferedTo = (seconds: number) =>
    until(
      this.tab,
      `media buffered to ${seconds} s`,
      (to) => {
        const ranges = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.buffered
        return ranges !== undefined && ranges.length > 0 && ranges.end(ranges.length - 1) >= to
      },
      seconds,
      30_000,
    )

  pause = () =>
    this.tab.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!
      video.pause()
      return video.currentTime
    })

  currentTime = () => this.tab.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0)

  async postComment(text: string) {
    await this.tab.fill(byTestId('comment-input'), text)
    await this.tab.click(byTestId('comment-submit'))
  }

  pendingComments = () => count(this.tab, tid('comment-pending'))

  async download() {
    await this.tab.click(byTestId('download-start', { visible: true }))
    await visibleText(this.tab, tid('download-complete'), 60_000)
  }

  /** Answers "How much did you understand?" by the words a learner reads. */
  async rate(words: string) {
    await visibleText(this.tab, tid('rating-prompt'))
    await this.tab.click({ label: words, css: 'input[type="radio"]', within: byTestId('rating-prompt') })
    return visibleText(this.tab, tid('rating-status'))
  }
}

/** The player's own controls (not the video element's): the play button, the line tools, the keys. */
export class Player {
  constructor(readonly tab: Tab) {}

  /** The stream attached and the lines of its captions loaded (the line tools need them). */
  async ready() {
    await until(this.tab, 'media in the player', () => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.readyState ?? 0) >= 1, undefined, 30_000)
    await until(this.tab, 'the line tools', () => document.querySelector('[data-testid="line-replay"]:not([disabled])') !== null)
  }

  /** The big play button, pressed as a learner presses it (shown while paused), the picture scrolled into sight. */
  async pressPlay() {
    await this.tab.evaluate(() => window.scrollTo(0, 0))
    await this.tab.click(byTestId('player-play', { visible: true }))
  }

  /** "Replay the line", on the line tools under the picture. */
  replayLine = () => this.tab.click(byTestId('line-replay', { visible: true }))

  /** Play/pause by the player's key (K), wherever the focus is. */
  togglePlay = () => this.tab.pressKey('k')

  paused = () => this.tab.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.paused ?? true)
  currentTime = () => this.tab.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0)
}

export class FeedbackDialog {
  constructor(readonly tab: Tab) {}
  async send(text: string) {
    await this.tab.click(byTestId('navbar-feedback'))
    await this.tab.fill({ label: 'Your feedback', within: byTestId('feedback-dialog') }, text)
    await this.tab.click({ css: 'button', text: { re: '^Send$' }, within: byTestId('feedback-dialog') })
    return visibleText(this.tab, tid('feedback-success'))
  }
}

export class UploadPage {
  constructor(readonly tab: Tab) {}
  private field = (label: string): Query => ({ label, within: byTestId('upload-form') })

  async submit(details: { title: string; file: string }) {
    await visibleText(this.tab, tid('upload-form'))
    await this.tab.fill(this.field('Title'), details.title)
    await this.tab.select(this.field('Proficiency level'), 'beginner')
    await this.tab.setFile(this.field('Video file'), details.file)
    await this.tab.click(this.field('signed a release form'))
    await this.tab.click(this.field('This video is ready for publishing.'))
    await this.tab.click({ css: 'button', text: 'Upload video', within: byTestId('upload-form') })
    // What the form says: that it kept the video (upload-outcome), or that it could not (upload-error).
    return until(this.tab, 'the upload form to answer', () =>
      ['upload-outcome', 'upload-error']
        .map((id) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').trim())
        .filter(Boolean)
        .join(' '),
    )
  }

  /** The queue row's state text for a title ("" while it is not listed). */
  state = (title: string) =>
    this.tab.evaluate(
      (wanted) =>
        [...document.querySelectorAll('[data-testid="upload-item"]')]
          .find((item) => (item.textContent ?? '').includes(wanted))
          ?.querySelector('[data-testid="upload-state"]')
          ?.textContent?.trim() ?? '',
      title,
    )
}

/** Reads the app's outbox straight from IndexedDB: the ids waiting, of one kind or all. */
export const outboxIds = (tab: Tab, kind?: string) =>
  tab.evaluate(
    (wanted) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const store = open.result.transaction('outbox').objectStore('outbox')
          const request = wanted === null ? store.getAllKeys() : store.index('kind').getAllKeys(wanted)
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result as string[])
          }
          request.onerror = () => reject(request.error)
        }
      }),
    kind ?? null,
  )

/** The outbox's items as stored (for a failure's message). */
export const outboxRecords = (tab: Tab) =>
  tab.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll()
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result as unknown[])
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )

/** The watch stretches still open on the device, and the Web Locks held (for a failure's message). */
export const openStretches = (tab: Tab) =>
  tab.evaluate(async () => {
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open('de-hieu')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const request = open.result.transaction('records').objectStore('records').getAll()
        request.onsuccess = () => {
          open.result.close()
          resolve((request.result as Array<{ key?: string }>).filter((record) => JSON.stringify(record).includes('stretch:')))
        }
        request.onerror = () => reject(request.error)
      }
    })
    const locks = navigator.locks ? await navigator.locks.query() : null
    return { records, locks }
  })

/**
 * Holds the app's `records` table with a transaction of the test's own until the page is left, so
 * the app's reads and writes of it queue behind: at the next navigation they are still running, as
 * a learner's would be when she leaves while the goal bar reads. Answers once it is held.
 */
export const holdRecordsUntilPageHide = (tab: Tab) =>
  tab.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          const transaction = database.transaction('records', 'readwrite')
          const store = transaction.objectStore('records')
          let held = true
          const keepBusy = () => {
            if (held) store.get('e2e-hold').onsuccess = keepBusy
          }
          keepBusy()
          window.addEventListener('pagehide', () => {
            held = false
            try {
              transaction.abort()
            } catch {
              // Already over.
            }
            database.close()
          })
          resolve(true)
        }
      }),
  )

/** Remembers whether the page, once left, was kept for Back (pagehide `persisted`); read by wasKeptForBack on the next page. */
export const noteHowPageIsLeft = (tab: Tab) =>
  tab.evaluate(() => {
    window.addEventListener('pagehide', (event) => sessionStorage.setItem('e2e-kept-for-back', String(event.persisted)))
    return true
  })
export const wasKeptForBack = (tab: Tab) => tab.evaluate(() => sessionStorage.getItem('e2e-kept-for-back') === 'true')
