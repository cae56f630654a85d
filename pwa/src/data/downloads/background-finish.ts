/**
 * Downloads the browser fetched in the background (background-fetch.ts), finished by the service
 * worker (service-worker/sw.ts hands it the events): it reaches the record and the cache from here,
 * as every part of the app reaches IndexedDB and Cache Storage through pwa/src/data. When every part has arrived, each is checked (the files it holds are the ones
 * planned) and stored, then the playlists are written and the record says complete: the download is
 * playable even though no tab was open. When the fetch failed (network gone), the parts that arrived
 * whole are stored and the record waits for the network, so the next start of the app resumes from the
 * first part missing. An aborted fetch (pause, delete) is the page's business.
 */
import { Dexie, type EntityTable } from 'dexie'
import { MEDIA_PART_FILES_HEADER } from '../../../../contract/limits.ts'
import { videoOfBackgroundFetch, type HandedDownload } from './background-fetch.ts'
import { sameMediaUrl } from './grant-urls.ts'
import { OFFLINE_MEDIA_CACHE } from './offline-urls.ts'
import { byteRangePlaylist, holdsPlannedFiles, parsePartFiles, type StoredPart } from './parts.ts'
import type { DownloadRecord } from './record.ts'

export { DATABASE_NAME } from '../database-name.ts'

/** The downloads table as the worker opens it: the pages' own record type (record.ts). */
export type DownloadsTable = EntityTable<DownloadRecord, 'videoId'>

interface FetchedRecord {
  request: Request
  responseReady: Promise<Response>
}
export interface BackgroundFetchedEvent {
  registration: { id: string; matchAll(): Promise<FetchedRecord[]> }
  waitUntil(promise: Promise<unknown>): void
}

/** Stores the parts that arrived whole and planned; answers how many were stored. */
async function storeArrived(cache: Cache, handed: HandedDownload, records: FetchedRecord[]): Promise<number> {
  let stored = 0
  for (const record of records) {
    const part = handed.parts.find((candidate) => sameMediaUrl(candidate.url, record.request.url))
    const response = part && (await record.responseReady.catch(() => undefined))
    if (!part || !response?.ok || !holdsPlannedFiles(part, parsePartFiles(response.headers.get(MEDIA_PART_FILES_HEADER)))) continue
    // Cache.put rejects a body shorter than its Content-Length: a part cut short is not stored.
    if (await cache.put(part.key, response).then(() => true, () => false)) stored++
  }
  return stored
}

export async function finishBackgroundDownload(
  event: BackgroundFetchedEvent,
  outcome: 'success' | 'failure',
  deps: { table: DownloadsTable; openCache?: () => Promise<Cache>; now?: () => number },
): Promise<void> {
  const videoId = videoOfBackgroundFetch(event.registration.id)
  if (videoId === undefined) return
  const record = await deps.table.get(videoId)
  const handed = record?.handed
  if (!handed || record.status === 'paused') return
  const cache = await (deps.openCache ?? (() => caches.open(OFFLINE_MEDIA_CACHE)))()
  await storeArrived(cache, handed, await event.registration.matchAll())
  const stored: StoredPart[] = []
  for (const part of handed.parts) {
    const files = parsePartFiles((await cache.match(part.key))?.headers.get(MEDIA_PART_FILES_HEADER) ?? null)
    if (!holdsPlannedFiles(part, files)) break
    stored.push({ name: part.name, files })
  }
  const bytesDone = stored.reduce((sum, part) => sum + part.files.reduce((bytes, file) => bytes + file.size, 0), 0)
  const filesDone = stored.reduce((sum, part) => sum + part.files.length, 0)
  if (outcome === 'failure' || stored.length < handed.parts.length) {
    await deps.table.update(videoId, (current) => {
      if (current.status !== 'downloading') return
      Object.assign(current, { status: 'waiting_for_network', bytesDone, filesDone })
    })
    return
  }
  // Playlists last: a download is playable only once every part it points into is stored.
  const playlist = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })
  await Promise.all([cache.put(handed.variantKey, playlist(byteRangePlaylist(handed.variantText, stored))), cache.put(handed.masterKey, playlist(handed.masterText))])
  const now = (deps.now ?? Date.now)()
  await deps.table.update(videoId, (current) => {
    if (current.status !== 'downloading') return
    Object.assign(current, { status: 'complete', bytesDone, filesDone, bytesTotal: bytesDone, completedAt: now })
    delete current.handed
  })
}

/**
 * The app's database as it stands, opened without a schema of the worker's own (data/db.ts keeps the
 * schema and is written for pages), and closed again so the worker never holds back a tab's upgrade.
 */
export async function withDownloadsTable<T>(databaseName: string, work: (table: DownloadsTable) => Promise<T>): Promise<T> {
  const database = new Dexie(databaseName)
  await database.open()
  try {
    return await work(database.table('downloads'))
  } finally {
    database.close()
  }
}
