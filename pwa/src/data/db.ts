/**
 * The PWA's local database (Dexie over IndexedDB). The schema lives here and only here: add a new
 * `db.version(n)` below the last one when tables change, never edit an old one. The UI reads these
 * tables with useLiveQuery, so it shows the last-known data whether or not the network answers.
 * Only signed-in screens import this module, so the public pages never load Dexie.
 */
import { Dexie, type EntityTable } from 'dexie'
import type { Progress, VideoDetail, VideoSummary } from '../../../contract/schemas/catalogue.ts'
import type { Language } from '../../../contract/schemas/languages.ts'
import type { DailyProgress, User } from '../../../contract/schemas/user.ts'
import type { RatingPrompt } from '../features/compass/ratings.ts'
import type { CommentCopy } from './comment-copies.ts'
import type { DownloadRecord } from './downloads/download-manager.ts'
import type { OpenStretch } from './open-stretches.ts'
import type { PlayerPrefs } from './player-prefs.ts'
import type { SentWatch } from './sent-watch.ts'
import type { DeadLetter } from './outbox-store.ts'
import type { OutboxItem } from './sync-engine.ts'
import type { UploadBlob, UploadItem } from './upload-queue.ts'

/** A language as cached: the server's fields plus its place in the server's order. */
export interface CachedLanguage extends Language {
  order: number
}

/** Single documents of the signed-in person, by key. */
export type CachedRecord =
  | { key: 'user'; value: User }
  | { key: 'lastSyncAt'; value: number }
  | { key: `progress:${string}`; value: Progress }
  /** A video page as last fetched, so a downloaded video's page opens offline. */
  | { key: `video:${number}`; value: VideoDetail }
  /**
   * The navbar's last daily progress, its local day and when its request left (missing in records kept
   * before that was stored), so the goal bar shows after an offline reload.
   */
  | { key: 'dailyProgress'; value: DailyProgress & { day: string; requestedAt?: number } }
  /** Watch seconds sent since that figure's request, per local day: data/sent-watch.ts. */
  | { key: 'sentWatch'; value: SentWatch[] }
  /** Whose data the local database holds (a user id): data/local-cache.ts claimLocalData. */
  | { key: 'owner'; value: number }
  /** A watch stretch still running (or left open by a page that died): data/open-stretches.ts. */
  | { key: `stretch:${string}`; value: OpenStretch }
  /** "How much did you understand?" of one video: due once half is watched, asked once (features/compass/ratings.ts). */
  | { key: `ratingPrompt:${number}`; value: RatingPrompt }
  /** The server's "Next for you" of a language as last fetched: video ids, best first (features/compass). */
  | { key: `nextForYou:${string}`; value: number[] }
  /** A learner's player choices: captions, their style, auto-pause (data/player-prefs.ts). */
  | { key: `playerPrefs:${string}`; value: PlayerPrefs }

/** A catalogue video as last seen, kept so lists show offline; `cachedAt` orders refreshes. */
export interface CachedVideo extends VideoSummary {
  cachedAt: number
}

export type DeHieuDb = Dexie & {
  languages: EntityTable<CachedLanguage, 'code'>
  records: EntityTable<CachedRecord, 'key'>
  /** Pending calls (watch events, comments, feedback), sent by data/sync-engine.ts. */
  outbox: EntityTable<OutboxItem, 'id'>
  /** Outbox items the server refused, shown to the person. */
  deadLetters: EntityTable<DeadLetter, 'id'>
  videos: EntityTable<CachedVideo, 'id'>
  downloads: EntityTable<DownloadRecord, 'videoId'>
  /** The contributor's upload queue; the file bytes sit apart in uploadBlobs so lists stay light. */
  uploads: EntityTable<UploadItem, 'id'>
  uploadBlobs: EntityTable<UploadBlob, 'id'>
  /** The last comments seen of each video, shown offline as a saved copy (data/comment-copies.ts). */
  commentCopies: EntityTable<CommentCopy, 'videoId'>
}

export const db = new Dexie('de-hieu') as DeHieuDb

db.version(1).stores({
  languages: 'code, order',
  records: 'key',
})

// Watching, downloads and uploads. Blob tables are never indexed on their bytes.
db.version(2).stores({
  outbox: 'id, [kind+nextAttemptAt], kind',
  deadLetters: 'id, failedAt',
  videos: 'id, [language_code+published_at], language_code',
  downloads: 'videoId, status',
  uploads: 'id, status, createdAt',
  uploadBlobs: 'id',
})

// Comments as last seen, per video; savedAt orders which copies go first.
db.version(3).stores({
  commentCopies: 'videoId, savedAt',
})

// Another tab opened a newer schema: let it upgrade; this tab reloads into the new version.
db.on('versionchange', () => {
  db.close()
  window.location.reload()
  return false
})
