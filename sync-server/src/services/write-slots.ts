/**
 * At most `slots` of some work at once in this process, the rest waiting in order of arrival, and each
 * started on a turn of the event loop of its own. Caption writes take one (issue 45): 20 tracks
 * written together held every database connection (SQLite's only one), and the videos list waited
 * 15.7 s behind them.
 *
 * Why a turn each: SQLite answers synchronously, so a write never yields to the event loop while it
 * runs, and work started straight from another's end, or from the parser thread's replies (a message
 * port hands every reply it holds over in one go), ran back to back: 20 tracks in one 71 s block that
 * no other request could enter. Started from setImmediate, scheduled once the previous work ended, the
 * next one comes after the event loop has polled for I/O, so the requests that arrived meanwhile go first.
 */
export function writeSlots(slots: number) {
  let running = 0
  let scheduled = false
  const queue: Array<() => void> = []
  const pump = () => {
    scheduled = false
    while (running < slots && queue.length > 0) {
      running++
      queue.shift()!()
    }
  }
  const schedule = () => {
    if (scheduled || queue.length === 0) return
    scheduled = true
    setImmediate(pump)
  }
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      queue.push(resolve)
      schedule()
    })
    try {
      return await work()
    } finally {
      running--
      schedule()
    }
  }
}

/**
 * Lets its callers on one at a time, each on a turn of the event loop of its own, in order of arrival:
 * for work whose first steps are short but come in bursts. 20 caption uploads sent together end their
 * bodies in the same poll of the loop, and each went straight on (the owner and submission checks, the
 * queueing for a preparer thread) in that same turn: 60–230 ms of one turn at the start of a burst,
 * during which a request arriving meanwhile was not even accepted (issue 45 item 5). Through here each
 * upload's first steps take a turn, and the requests that arrived meanwhile are read in between.
 */
export function oneATurn(): () => Promise<void> {
  const queue: Array<() => void> = []
  let scheduled = false
  const pump = () => {
    // One a turn: an immediate scheduled from here runs on the next turn, after the loop polled for I/O.
    queue.shift()?.()
    scheduled = queue.length > 0
    if (scheduled) setImmediate(pump)
  }
  return () =>
    new Promise<void>((resolve) => {
      queue.push(resolve)
      if (scheduled) return
      scheduled = true
      setImmediate(pump)
    })
}
