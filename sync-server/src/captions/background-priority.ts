/**
 * The caption threads (preparer, writer) run below the event loop (issue 45 item 5): Linux keeps a nice
 * value per thread, so a thread raising its own (`os.setPriority` on the calling thread, pid 0) leaves
 * the main thread where it was. When the cores are all busy the scheduler then gives the thread that
 * answers every request the CPU first, and a track being parsed or indexed takes the time left over;
 * with a core to spare it changes nothing. Measured in `npm run bench -- captions` on the 2-core machine:
 * the stalls of the server's loop during 20 uploads were almost all time waiting for a core (schedstat),
 * not time running. Where a platform keeps one value per process, or refuses, the thread stays as it is.
 */
import os from 'node:os'
import { isMainThread } from 'node:worker_threads'

/** Nice 10: about a tenth of a core's share against a thread at 0 when both want it. */
const BACKGROUND_NICE = 10

export function runBelowTheEventLoop(): void {
  // Only where the value is per thread (Linux); elsewhere it would lower the whole server.
  if (isMainThread || process.platform !== 'linux') return
  try {
    if (os.getPriority() < BACKGROUND_NICE) os.setPriority(BACKGROUND_NICE)
  } catch {
    // Not allowed here (a sandbox): the thread keeps the server's priority.
  }
}
