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
