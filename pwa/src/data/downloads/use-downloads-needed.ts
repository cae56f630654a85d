/**
 * Whether the signed-in frame needs the downloads keeper, and with it the download manager: once
 * anything is downloaded or downloading (a live query, so the first download started on a video page,
 * or in another tab, counts at once), or while smart downloads are on. Until then neither loads, which
 * keeps them off first paint for everyone who has not downloaded anything. Once needed it stays needed
 * for the visit, so the keeper's notice about removed downloads is not cut short when the last one goes.
 */
import { useLiveData } from '../use-live-data.ts'
import { useState, useSyncExternalStore } from 'react'
import { db } from '../db.ts'
import { smartDownloadsEnabled } from './download-preferences.ts'

export function useDownloadsNeeded(signedIn: boolean): boolean {
  const hasDownloads = useLiveData(async () => (await db.downloads.count()) > 0, [], false)
  const smart = useSyncExternalStore(smartDownloadsEnabled.subscribe, smartDownloadsEnabled.get, () => false)
  const [latched, setLatched] = useState(false)
  const needed = hasDownloads || smart
  // Adjusting state while rendering (React's pattern for state derived from a change), not in an effect.
  if (needed && !latched) setLatched(true)
  return signedIn && (needed || latched)
}
