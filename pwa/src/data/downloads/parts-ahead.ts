/**
 * The first parts of a new download, asked for at the press rather than once the run may store them.
 *
 * Before a part is stored, the run takes this video's Web Lock (one tab per download), reads its record
 * and checks the free space: together 10-20 ms after a press here, with the network idle. Asked for
 * at the press instead, the parts' requests go out while those answers come, and the run then stores
 * the answers already on their way. Only the request leaves early: nothing is stored before the run
 * has its lock and its checks, and whatever the run does not take (another tab holds the download, no
 * room, a part stored already, the page handing the download to the browser) is aborted.
 *
 * The run plans its parts with the same function from the same playlist, so an answer asked for here
 * is matched to its part by URL; a part the run plans differently is simply fetched again.
 */

export interface PartsAhead {
  /** Settles once the requests have left (or could not be planned): take() is then complete. */
  readonly asked: Promise<void>
  /**
   * The answer asked ahead for this URL, handed over once and aborted from then on with `signal`;
   * undefined when there is none.
   */
  take(url: string, signal: AbortSignal): Promise<Response> | undefined
  /** Aborts every request not taken; none is asked for afterwards. */
  cancel(): void
}

export function askPartsAhead(urls: Promise<string[]>, fetchPart: (url: string, signal: AbortSignal) => Promise<Response>): PartsAhead {
  let cancelled = false
  const answers = new Map<string, { answer: Promise<Response>; controller: AbortController }>()
  const asked = urls.then(
    (list) => {
      if (cancelled) return
      for (const url of list) {
        const controller = new AbortController()
        const answer = fetchPart(url, controller.signal)
        answer.catch(() => undefined) // an answer never taken is aborted, not reported
        answers.set(url, { answer, controller })
      }
    },
    () => undefined, // no plan: the run fetches every part itself
  )
  return {
    asked,
    take(url, signal) {
      const asked = answers.get(url)
      if (!asked) return undefined
      answers.delete(url)
      if (signal.aborted) asked.controller.abort(signal.reason)
      else signal.addEventListener('abort', () => asked.controller.abort(signal.reason), { once: true })
      return asked.answer
    },
    cancel() {
      cancelled = true
      for (const { controller } of answers.values()) controller.abort()
      answers.clear()
    },
  }
}
