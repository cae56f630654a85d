/**
 * While a new server makes its demo catalogue (GET /demo/progress), how many of its videos are ready,
 * asked again every few seconds until all are: the videos page says "Making the demo videos: 2 of 7
 * ready" instead of "no videos", and refreshes its list each time one more is ready (issue 41).
 */
import { useEffect, useRef, useState } from 'react'
import type { DemoProgress } from '../../../../contract/schemas/languages.ts'
import { call } from '../api-call.ts'

const POLL_MS = 3_000

/** The language's demo videos still being made, or null (none, or all ready); `onMore` runs when more videos are ready than before. */
export function useDemoProgress(language: string, online: boolean, onMore: () => void): DemoProgress | null {
  const [progress, setProgress] = useState<DemoProgress | null>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })
  useEffect(() => {
    if (!online) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let ready = -1
    const ask = () => {
      call('demo.progress', undefined, { query: { language } })
        .then(({ data }) => {
          if (!live) return
          const making = data && data.ready < data.total ? data : null
          if (ready >= 0 && (data?.ready ?? Infinity) > ready) more.current()
          ready = data?.ready ?? ready
          setProgress(making)
          if (making) timer = setTimeout(ask, POLL_MS)
        })
        // No answer: the page shows what it has; the connection's return runs this again.
        .catch(() => undefined)
    }
    ask()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [language, online])
  return progress
}
