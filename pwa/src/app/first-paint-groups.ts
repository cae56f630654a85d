/**
 * The signed-in pages whose first paint is prepared ahead (issue 32): which group a path belongs to, and
 * the translation namespaces each group's first paint reads (useTranslation in the frame and the page's
 * own components). The build lists each group's chunks for public/signed-in-preload.js to preload
 * (pwa/build/signed-in-preload-plugin.ts), and main.tsx waits for the same code and namespaces before
 * React first renders. No imports: the build reads this file too.
 *
 * A namespace missing here only costs a round trip later; one too many, a small chunk fetched for nothing.
 */
export type PageGroup = 'languages' | 'videos' | 'video'
export type FirstPaintGroup = 'app' | PageGroup

export const FIRST_PAINT_NAMESPACES: Record<FirstPaintGroup, readonly string[]> = {
  app: ['common', 'navbar'],
  languages: ['pages'],
  videos: ['watch', 'compass', 'captions', 'words-progress'],
  video: ['watch', 'compass', 'captions', 'downloads', 'words-progress'],
}

/** The page group of a path, as signed-in-preload.js reads it (the same patterns; a test compares them). */
export function pageGroupOf(pathname: string): PageGroup | null {
  return firstPaintPageOf(pathname)?.group ?? null
}

/** The page a path opens, with its language code and video id where it has them. */
export function firstPaintPageOf(pathname: string): { group: PageGroup; code?: string; videoId?: number } | null {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/languages') return { group: 'languages' }
  const page = /^\/languages\/([^/]+)\/videos(?:\/([0-9]+))?$/.exec(path)
  if (!page) return null
  let code: string
  try {
    code = decodeURIComponent(page[1]!)
  } catch {
    return null
  }
  return page[2] ? { group: 'video', code, videoId: Number(page[2]) } : { group: 'videos', code }
}
