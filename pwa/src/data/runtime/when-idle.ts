/**
 * Resolves once the main thread has a moment to spare (requestIdleCallback, where the browser has it),
 * and at the latest after `boundMs`. Writes the page's first paint does not need (the device's copy of
 * what was just shown) wait for it, so a slow phone renders the page first and stores it after (issue 48).
 */
export function whenIdle(boundMs = 1_500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: boundMs })
    else setTimeout(resolve, 0)
  })
}
