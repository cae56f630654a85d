/**
 * The videos list's first render on a cold start (issue 48): the cards that can be on the first screen,
 * then the rest of the page of 24 in a transition after that paint. On a slow phone the first render's
 * work is what the first poster (the page's largest paint) waits for, and most of it was cards below the
 * screen. A list shown again in the same page load (back from a video) renders whole at once, so the
 * scroll position it comes back to has its cards.
 */
import { startTransition, useEffect, useState } from 'react'

let listShownBefore = false

/** The grid's columns of 15rem (and its gap) by rows of about 320px, one row more; at least four cards. */
function firstScreenOfCards(): number {
  const columns = Math.max(1, Math.floor(window.innerWidth / 256))
  const rows = Math.ceil(window.innerHeight / 320) + 1
  return Math.max(4, columns * rows)
}

/** How many cards the list renders now: the first screen's on the page load's first list, then all (Infinity). */
export function useFirstScreenOfCards(): number {
  const [limit, setLimit] = useState(() => (listShownBefore ? Infinity : firstScreenOfCards()))
  useEffect(() => {
    listShownBefore = true
    if (limit !== Infinity) startTransition(() => setLimit(Infinity))
  }, [limit])
  return limit
}
