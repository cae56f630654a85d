/**
 * Runs work once the browser has painted what the current task rendered: a frame, then a task after it.
 * The review page shows the next card first and only then writes the grade and fetches the next clips,
 * so none of that holds the frame that shows the card. A hidden page paints no frames, so a timer runs the work anyway (a grade made by key just before the tab is switched is still kept).
 * Answers a cancel.
 */
const HIDDEN_PAGE_FALLBACK_MS = 100

export function afterPaint(run: () => void): () => void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(fallback)
    run()
  }
  const frame = requestAnimationFrame(() => setTimeout(once, 0))
  const fallback = setTimeout(once, HIDDEN_PAGE_FALLBACK_MS)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(fallback)
  }
}
