/**
 * The device's local calendar day, which is what "today" means for the goal bar: today's unsent watch
 * events and the server figure fetched today count, anything from an earlier day does not. A hook
 * re-renders at local midnight with one timer to the next midnight (no polling), and re-checks when
 * the tab becomes visible, since a sleeping phone can run that timer late.
 */
import { useEffect, useState } from 'react'

/** `YYYY-MM-DD` of `now` in the device's time zone. */
export function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** The local midnight that starts `day` (`YYYY-MM-DD`), in epoch ms. */
export function startOfLocalDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(year, month - 1, date).getTime()
}

/** Milliseconds from `now` to the next local midnight (a 23- or 25-hour day included). */
export function msToNextLocalMidnight(now = new Date()): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime()
}

/** Today's local day, updated at local midnight. */
export function useLocalDay(): string {
  const [day, setDay] = useState(() => localDay())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      clearTimeout(timer)
      setDay(localDay()) // the same string is no re-render
      timer = setTimeout(check, msToNextLocalMidnight())
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') check()
    }
    check()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  return day
}
