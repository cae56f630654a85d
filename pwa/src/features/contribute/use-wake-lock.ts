/**
 * Keeps the screen on while `active` (an upload is running), where the browser offers the Wake Lock
 * API. The browser drops the lock whenever the page is hidden, so it is asked for again on return.
 * A refusal (battery saver, an old browser) is not an error: the upload still resumes later.
 */
import { useEffect } from 'react'

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return
    let sentinel: WakeLockSentinel | null = null
    let cancelled = false
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      try {
        const lock = await navigator.wakeLock.request('screen')
        if (cancelled) void lock.release().catch(() => undefined)
        else sentinel = lock
      } catch {
        // Refused: nothing to do.
      }
    }
    const onVisibility = () => void acquire()
    void acquire()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      cancelled = true
      document.removeEventListener('visibilitychange', onVisibility)
      void sentinel?.release().catch(() => undefined)
    }
  }, [active])
}
