/**
 * The lazy parts of a signed-in first paint: the frame and the pages a start opens on most, loadable
 * ahead (first-paint.ts waits for them before React first renders) and then rendered without a fallback.
 * Apart from first-paint.ts, which needs the browser's i18n, so the build's prerender can import the routes.
 */
import type { PageGroup } from './first-paint-groups.ts'
import { preloadable } from '../components/preloadable.tsx'

export const SignedInChrome = preloadable(() => import('../features/navbar/SignedInChrome.tsx'))
export const LanguagesPage = preloadable(() => import('../pages/LanguagesPage.tsx'))
export const VideosPage = preloadable(() => import('../pages/VideosPage.tsx'))
export const VideoPage = preloadable(() => import('../pages/VideoPage.tsx'))

export const FIRST_PAINT_PAGES: Record<PageGroup, { preload(): Promise<unknown> }> = { languages: LanguagesPage, videos: VideosPage, video: VideoPage }
