import { startTransition, useEffect, useState, type ReactNode } from 'react'

/**
 * What lies under the player (the download, the facts, the comments) mounts a task after the player,
 * in a render React can interrupt: the player's render and layout, then theirs, two shorter tasks on a
 * phone rather than one long one (issue 32). They come in below what is on screen, moving nothing.
 */
export function AfterThePlayer({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)))
    return () => clearTimeout(timer)
  }, [])
  return shown ? children : null
}
