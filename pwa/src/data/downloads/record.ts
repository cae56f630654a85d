/** A download's record in Dexie (db.downloads), what plan() and start() answer, and how a download fails. */
import type { HandedDownload } from './background-fetch.ts'
import { AUDIO_ONLY } from './hls-manifest.ts'

/** What a download would store, shown before it starts (plan()). */
export interface PlannedDownload {
  bytes: number
  /** The quality the download will store: the one chosen, or the best below it the video has. */
  quality: number
}

/** What start() answers once the download it ran ended, or at once when it runs elsewhere. */
export interface StartOutcome {
  /** The browser's answer to "keep my downloads", asked with the first download. */
  persistence?: Persistence
  /**
   * The record as this run completed it: the page shows it at once, rather than after the record's
   * live query reads it back (and after whatever else renders with that query first).
   */
  completed?: DownloadRecord
}

export interface StartOptions {
  /**
   * The page shows no download of this video (its Download button, not Resume): its first parts are
   * asked for at the press, before the lock and the record answer (parts-ahead.ts).
   */
  isNew?: boolean
}

export type DownloadStatus = 'downloading' | 'paused' | 'waiting_for_network' | 'complete' | 'failed'

export interface DownloadRecord {
  videoId: number
  title: string
  languageCode: string
  accessLevel: string
  durationSeconds: number
  /**
   * The stored rendition's quality (its short side: 360 for 360p), as chooseVariant reads it; AUDIO_ONLY
   * (0) for an audio-only download (commute mode).
   */
  height: number
  status: DownloadStatus
  bytesDone: number
  bytesTotal: number
  filesDone: number
  filesTotal: number
  createdAt: number
  completedAt?: number
  error?: string
  /** Chosen by smart downloads (removed by them once watched), not by the learner. */
  smart?: boolean
  /**
   * Where the browser offers Background Fetch: what the service worker needs to finish the download
   * should the page hand it over (written from the start, dropped once complete).
   */
  handed?: HandedDownload
}

/** What a download holds: the picture and sound, or the audio alone. */
export type DownloadKind = 'video' | 'audio'
/** Whether the browser agreed to keep this site's storage (storage-space.ts asks). */
export type Persistence = 'granted' | 'refused' | 'unsupported'

export const downloadKind = (record: Pick<DownloadRecord, 'height'>): DownloadKind => (record.height === AUDIO_ONLY ? 'audio' : 'video')

export class DownloadError extends Error {
  constructor(
    readonly code: 'no_space' | 'not_entitled' | 'no_media' | 'network',
    readonly details: { neededBytes?: number; freeBytes?: number | null } = {},
  ) {
    super(code)
  }
}

/** A run ended by a pause or a delete, pressed in this tab or another. */
export class Stopped extends Error {}

/** The device ran out of room while parts were stored (the browser's quota, or the disk itself). */
export function isQuotaError(error: unknown): boolean {
  // By name: Cache Storage rejects with a DOMException, Dexie with an error of its own of that name.
  return (error as { name?: unknown } | null)?.name === 'QuotaExceededError'
}
