/** Downloads as the UI reads them: live from Dexie, in every tab. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../db.ts'
import type { DownloadRecord } from './download-manager.ts'

export function useDownload(videoId: number): DownloadRecord | null | undefined {
  return useLiveQuery(async () => (await db.downloads.get(videoId)) ?? null, [videoId])
}

export function useAllDownloads(): DownloadRecord[] | undefined {
  return useLiveQuery(() => db.downloads.orderBy('videoId').toArray(), [])
}

/** Whether the video is downloaded in full (undefined while Dexie answers). */
export function useDownloadComplete(videoId: number): boolean | undefined {
  return useLiveQuery(async () => (await db.downloads.get(videoId))?.status === 'complete', [videoId])
}
