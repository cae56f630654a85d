/**
 * Whether the videos page has painted its first cards since the app started. Work the first cards do not
 * need waits for it: the listed videos' word counts (GET /videos/ID/words, 24 calls 3 at a time, each
 * written to the device and waking the list's shares) were fetched from an idle moment before the app's
 * first render, so on a cold start at 4× CPU they shared the main thread with that render and the share
 * line painted 5–8 % later than the same list without words (issue 42, `npm run bench -- known-share-page`).
 */
import { useEffect } from 'react'

let painted = false
const waiting = new Set<() => void>()

/** The videos page says so once its first cards are on screen (a frame after their commit). */
export function markListPainted(): void {
  if (painted) return
  painted = true
  for (const resolve of waiting) resolve()
  waiting.clear()
}

/**
 * Resolves once the first cards are painted, at the latest after `boundMs` (the page may never show
 * them: a filter with no result, another page opened first), at once if they already were.
 */
export function whenListPainted(boundMs = 3_000): Promise<void> {
  if (painted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      waiting.delete(done)
      resolve()
    }
    const timer = setTimeout(done, boundMs)
    waiting.add(done)
  })
}

/** The videos page: once its first cards are on screen, the work they did not need may start. */
export function useMarkListPainted(hasCards: boolean): void {
  useEffect(() => (hasCards ? afterNextPaint(markListPainted) : undefined), [hasCards])
}

/** Runs `run` once the browser has painted what the current task committed (a frame, then a task); answers a cancel. */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
