/**
 * The app's retry policies, in one place. Two kinds of waiting, kept apart on purpose:
 * - an answer that is an error (5xx, 429) says the server is there but could not take this: the item
 *   waits its own back-off (backoffMs, per outbox item) or tus's delays (an upload's requests);
 * - no answer at all says nothing about the item: it waits for the network (connectivity.ts), which
 *   probes cheaply and says at once when it answers again.
 */

const BASE_BACKOFF_MS = 2_000
const MAX_BACKOFF_MS = 5 * 60_000

/** Exponential back-off with full jitter: between half and all of 2^attempts × 2 s, capped at 5 min. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.min(attempts, 20))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** tus-js-client's waits between the retries of one upload request. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000]

/** While up, the outbox and the upload queue look again this often (nothing else may wake them). */
export const PERIODIC_RETRY_MS = 30_000

/**
 * While down, the probe's waits: growing from half a second, capped at 2 s while the app is in sight
 * (so that a queue reaches the server within 3 s of the network answering again; a tiny request every
 * 2 s in a tunnel) and at a minute while it is not (a hidden tab can wait).
 */
export function probeDelayMs(attempt: number, visible: boolean): number {
  return Math.min(visible ? 2_000 : 60_000, 500 * 2 ** Math.min(attempt, 10))
}

/**
 * While the browser says offline, how often what it says is read again (navigator.onLine: free, no
 * request): its `online` event does not always come when the switch goes back (connectivity.ts).
 */
export const BROWSER_ONLINE_CHECK_MS = 1_000
