/**
 * One connectivity state for the whole app: "up" or "down", read by the offline banner, the sync
 * engine, the player, the downloads and the upload queue. It is fed by two sources:
 * - the browser's `online`/`offline` events, and
 * - our own requests: one that fails with no answer at all makes us ask the origin at once (the
 *   probe below); if that gets no answer either, the state is "down", whatever navigator.onLine says
 *   (lie-fi: a tunnel, a weak cell, a captive portal leave onLine true and fire no event). One request
 *   that failed while the origin still answers (a reset connection, a blocked URL) is not "offline":
 *   the app must not say so while the network answers. Any answer from our origin, even an error,
 *   means "up".
 * While down (and the browser does not say offline), a cheap probe (GET /api/v1/health, no cache, no
 * redirects followed) goes out with a growing interval (retry.ts probeDelayMs: capped at 2 s while the
 * app is in sight), so that the network answering again is noticed within seconds: then
 * every listener hears "up" at once (the outbox sends, uploads resume, the player reloads).
 * While the browser says offline, nothing is probed, but navigator.onLine is read again every second:
 * its turning back to true counts as the `online` event, which does not always come.
 */
import { useSyncExternalStore } from 'react'
import { API_BASE } from '../../../../contract/limits.ts'
import { ROUTES } from '../../../../contract/routes.ts'
import { BROWSER_ONLINE_CHECK_MS, probeDelayMs } from './retry.ts'

export interface ConnectivityDeps {
  /** What the browser says (navigator.onLine). */
  browserOnline: () => boolean
  /** Whether the app is in sight (document.visibilityState). */
  visible: () => boolean
  /** The probe: resolves true when our origin answered anything, false when there was no answer. */
  probe: () => Promise<boolean>
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

export function createConnectivity(deps: ConnectivityDeps) {
  let up = deps.browserOnline()
  let attempt = 0
  let timer: unknown = null
  let probing = false
  // A request got no answer while up: the probe that decides whether we are down.
  let checking = false
  // Counts the answers heard; one heard while checking means up whatever the check says.
  let answers = 0
  const listeners = new Set<(up: boolean) => void>()

  /** `always`: tell the listeners even if nothing changed (the browser's events are news of their own). */
  function set(next: boolean, always = false) {
    if (next === up && !always) return
    up = next
    if (up) stopProbing()
    else scheduleProbe()
    for (const listener of [...listeners]) listener(up)
  }

  function stopProbing() {
    if (timer !== null) deps.clearTimeout(timer)
    timer = null
    attempt = 0
  }

  function scheduleProbe() {
    if (up || timer !== null || probing) return
    // The browser says offline: probing would only fail at once. Its `online` event does not always
    // come, though (Firefox turns navigator.onLine back to true without one in a page loaded while its
    // offline switch was on: the queue then waited 47 s for the next request of some screen), so
    // what it says is read again every second, and a turn to online counts as that event.
    if (!deps.browserOnline()) {
      timer = deps.setTimeout(() => {
        timer = null
        if (deps.browserOnline()) set(true, true)
        else scheduleProbe()
      }, BROWSER_ONLINE_CHECK_MS)
      return
    }
    timer = deps.setTimeout(() => {
      timer = null
      void probeNow()
    }, probeDelayMs(attempt, deps.visible()))
    attempt += 1
  }

  async function probeNow() {
    if (up || probing) return
    probing = true
    let answered: boolean
    try {
      answered = await deps.probe()
    } catch {
      answered = false
    } finally {
      probing = false
    }
    if (answered) set(true)
    else scheduleProbe()
  }

  /** One request had no answer while up: down only if the origin does not answer the probe either. */
  async function confirmDown() {
    if (!up || checking) return
    checking = true
    const heard = answers
    let answered: boolean
    try {
      answered = await deps.probe()
    } catch {
      answered = false
    } finally {
      checking = false
    }
    if (!answered && answers === heard) set(false)
  }

  // Started while down (a page loaded offline): watched from the start, as after any fall.
  if (!up) scheduleProbe()

  return {
    isUp: () => up,
    /** Hears every change; answers a function that stops listening. */
    subscribe(listener: (up: boolean) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Runs `listener` each time the network comes back. */
    onUp(listener: () => void): () => void {
      const heard = (isUp: boolean) => {
        if (isUp) listener()
      }
      listeners.add(heard)
      return () => listeners.delete(heard)
    },
    /**
     * One of our requests got an answer (any status): the network is there. Not while the browser says
     * offline: an answer then came from the service worker's cache, not from the server.
     */
    reportAnswer() {
      if (!deps.browserOnline()) return
      answers += 1
      set(true)
    },
    /**
     * One of our requests got no answer (failed or timed out): the network may be gone. Down when
     * the origin does not answer a probe either (at once while the browser says offline); still up
     * when it does.
     */
    reportNoAnswer() {
      if (!deps.browserOnline()) set(false)
      else void confirmDown()
    },
    /** The browser's `online`: heard by every listener, as that event always was. */
    browserOnline: () => set(true, true),
    browserOffline: () => set(false),
    /** Back in sight while down: probe soon rather than at the hidden tab's long interval. */
    visibleAgain() {
      if (up) return
      if (timer !== null) deps.clearTimeout(timer)
      timer = null
      attempt = 0
      scheduleProbe()
    },
  }
}

/** Any answer from our origin, to a small request nobody caches and that follows no redirect. */
async function probeOrigin(): Promise<boolean> {
  const controller = new AbortController()
  // Short: in a tunnel a request hangs rather than fails, and the next probe should not wait on it.
  const timer = setTimeout(() => controller.abort(), 3_000)
  try {
    const response = await fetch(`${API_BASE}${ROUTES['health.get'].path}`, { cache: 'no-store', redirect: 'manual', signal: controller.signal })
    // A captive portal answers with a redirect elsewhere: that is not our server.
    return response.type !== 'opaqueredirect'
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined'

/** The app's connectivity. */
export const connectivity = createConnectivity({
  browserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  visible: () => (typeof document === 'undefined' ? true : document.visibilityState !== 'hidden'),
  probe: probeOrigin,
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
})

if (inBrowser) {
  window.addEventListener('online', () => connectivity.browserOnline())
  window.addEventListener('offline', () => connectivity.browserOffline())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connectivity.visibleAgain()
  })
}

/** Whether the network is up, kept current: the offline banner and the screens that need the network. */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isUp, () => true)
}

/**
 * fetch, telling the connectivity state what happened: an answer (any status) means up; a failure
 * with no answer (not one the caller aborted) means down. For requests to our own origin.
 */
export async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init)
    connectivity.reportAnswer()
    return response
  } catch (error) {
    if (!init?.signal?.aborted) connectivity.reportNoAnswer()
    throw error
  }
}
