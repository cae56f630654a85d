/** Downloads as the UI reads them: live from Dexie, in every tab. */
import { useMemo } from 'react'
import { useLiveData } from '../use-live-data.ts'
import { db } from '../db.ts'
import type { DownloadRecord } from './download-manager.ts'
import { downloadKind, type DownloadKind } from './record.ts'

export function useDownload(videoId: number): DownloadRecord | null | undefined {
  return useLiveData(async () => (await db.downloads.get(videoId)) ?? null, [videoId])
}

export function useAllDownloads(): DownloadRecord[] | undefined {
  return useLiveData(() => db.downloads.orderBy('videoId').toArray(), [])
}

/**
 * Every download by its video, for a list of videos (issue 48): one live query for the whole list, not one
 * per card (24 IndexedDB reads and 24 answers, each rendering its card again, right after the first paint).
 * Undefined while Dexie answers.
 */
export function useDownloadsByVideo(): ReadonlyMap<number, DownloadRecord> | undefined {
  const records = useAllDownloads()
  return useMemo(() => (records ? new Map(records.map((record) => [record.videoId, record])) : undefined), [records])
}


/**
 * What a finished download of the video holds: the video, the audio alone, or null (none, or not
 * finished); undefined while Dexie answers. A page following it renders again only when that changes.
 */
export function useCompleteDownloadKind(videoId: number): DownloadKind | null | undefined {
  return useLiveData(async () => {
    const record = await db.downloads.get(videoId)
    return record?.status === 'complete' ? downloadKind(record) : null
  }, [videoId])
}
