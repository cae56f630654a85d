/** Downloads as the UI reads them: live from Dexie, in every tab. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../db.ts'
import type { DownloadRecord } from './download-manager.ts'
import { downloadKind, type DownloadKind } from './record.ts'

export function useDownload(videoId: number): DownloadRecord | null | undefined {
  return useLiveQuery(async () => (await db.downloads.get(videoId)) ?? null, [videoId])
}

export function useAllDownloads(): DownloadRecord[] | undefined {
  return useLiveQuery(() => db.downloads.orderBy('videoId').toArray(), [])
}


/**
 * What a finished download of the video holds: the video, the audio alone, or null (none, or not
 * finished); undefined while Dexie answers. A page following it renders again only when that changes.
 */
export function useCompleteDownloadKind(videoId: number): DownloadKind | null | undefined {
  return useLiveQuery(async () => {
    const record = await db.downloads.get(videoId)
    return record?.status === 'complete' ? downloadKind(record) : null
  }, [videoId])
}
