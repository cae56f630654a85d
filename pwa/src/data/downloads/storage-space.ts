/**
 * Room on the device for downloads. Before a download starts its size is checked against
 * navigator.storage.estimate() (approximate, so a margin is kept), and the first download asks for
 * persistent storage so the browser does not clear downloads under pressure.
 */
import type { Persistence } from './record.ts'

export const SAFETY_MARGIN_BYTES = 50 * 1024 * 1024

type Storage = Pick<StorageManager, 'estimate'> & Partial<Pick<StorageManager, 'persist' | 'persisted'>>

export interface SpaceCheck {
  fits: boolean
  freeBytes: number | null
  usedBytes: number | null
}

export async function checkSpace(neededBytes: number, storage: Storage | undefined = navigator.storage): Promise<SpaceCheck> {
  if (!storage?.estimate) return { fits: true, freeBytes: null, usedBytes: null }
  const { quota, usage } = await storage.estimate()
  if (quota === undefined) return { fits: true, freeBytes: null, usedBytes: usage ?? null }
  const free = Math.max(0, quota - (usage ?? 0))
  return { fits: neededBytes + SAFETY_MARGIN_BYTES <= free, freeBytes: free, usedBytes: usage ?? null }
}

export async function askPersistence(storage: Storage | undefined = navigator.storage): Promise<Persistence> {
  if (!storage?.persist) return 'unsupported'
  if (await storage.persisted?.()) return 'granted'
  return (await storage.persist()) ? 'granted' : 'refused'
}

/** iPhone and iPad Safari clear a site's storage after 7 days unused unless the app is installed. */
export function isIosBrowser(userAgent: string = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}
