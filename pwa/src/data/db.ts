/**
 * The PWA's local database (Dexie over IndexedDB). The schema lives here and only here: add a new
 * `db.version(n)` below the last one when tables change, never edit an old one. The UI reads these
 * tables with useLiveData (use-live-data.ts), so it shows the last-known data whether or not the network answers.
 * Only signed-in screens import this module, so the public pages never load Dexie.
 */
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { Progress, VideoDetail, VideoSummary } from '../../../contract/schemas/catalogue.ts'
import type { Language } from '../../../contract/schemas/languages.ts'
import type { DailyProgress, User } from '../../../contract/schemas/user.ts'
import type { Comment, WatchEventInput } from '../../../contract/schemas/watching.ts'
import type { LexiconEntry, WordState } from '../../../contract/schemas/words.ts'
// The two records whose modules take their tables as arguments (they import nothing of this file).
import type { DownloadRecord } from './downloads/download-manager.ts'
import type { UploadBlob, UploadItem } from './uploads/upload-queue.ts'
import type { LocalCard, LocalReview } from './cards/card-types.ts'
import type { StudioDraft } from './studio/draft-types.ts'
import { frozenPageTransactions } from './runtime/frozen-page-transactions.ts'
import { DATABASE_NAME } from './database-name.ts'

export type { DownloadRecord, LocalCard, LocalReview, UploadBlob, UploadItem }

/** Every kind of outbox item; how each is sent: data/outbox/registry.ts. */
export type OutboxKind = 'watch_event' | 'comment' | 'feedback' | 'outside_hours' | 'rating' | 'word_states' | 'cards' | 'reviews' | 'card_removals' | 'preferences'

/** A pending call in the outbox. */
export interface OutboxItem {
  id: string // the client_id sent to the server
  kind: OutboxKind
  payload: unknown
  attempts: number
  nextAttemptAt: number
  createdAt: number
}

/** An outbox item the server refused, kept to show the person. */
export interface DeadLetter extends OutboxItem {
  error: string
  failedAt: number
}

/** A watch event's payload in the outbox: the stretch and its video (the item's id is its client_id). */
export type WatchEventPayload = Omit<WatchEventInput, 'client_id'>

/** A watch stretch still growing (data/progress/open-stretches.ts). */
export interface OpenStretch {
  event: WatchEventPayload
  /** Wall-clock ms of the last write: only the fallback without Web Locks reads it. */
  savedAt: number
}

/** The seconds of one local day's events that one send delivered, and when its answer came (epoch ms). */
export interface SentWatch {
  at: number
  /** When the first send of these events began (epoch ms); missing in records kept before it was. */
  startedAt?: number
  day: string
  seconds: number
}

/** Watch events whose first send began at `at` (epoch ms) and that are still in the outbox: data/progress/sent-watch.ts. */
export interface WatchSendStart {
  at: number
  ids: string[]
}

/** "How much did you understand?" of one video: due once half is watched, asked once. */
export interface RatingPrompt {
  state: 'due' | 'asked'
  title: string
  at: number
}

/** The last comments seen of one video (data/comments/comment-copies.ts). */
export interface CommentCopy {
  videoId: number
  comments: Comment[]
  /** Epoch milliseconds: when the list was fetched. */
  savedAt: number
}

/** A learner's player choices, kept per person on the device (data/preferences/player-prefs.ts). */
export interface PlayerPrefs {
  /** Which caption tracks show over the picture (off by default). */
  captions: { vi: boolean; en: boolean; yue?: boolean }
  size: 's' | 'm' | 'l'
  background: 'none' | 'shadow' | 'box'
  /** Pause at the end of each line. */
  autoPause: boolean
  /** Words hidden until revealed, to test the ear. */
  listening: boolean
  /** A double tap on the left or right third of the picture skips 5 s. */
  doubleTapSkip: boolean
  /** Words coloured by what the learner knows on the picture's captions too (the transcript always is). */
  wordColours: boolean
  /** Playback pauses while a word's sheet is open, and goes on when it closes. */
  pauseForWords: boolean
  /** Cantonese lines show each character's Jyutping above it (issue 46); missing in prefs kept before: shown. */
  jyutping?: boolean
}

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
  /** A Cantonese video's readings (Jyutping) by line text, as the transcript last answered them (data/words/readings.ts). */
  | { key: `readings:${number}:${string}`; value: Array<{ text: string; readings: Array<{ from: number; to: number; reading: string }> }> }
  /**
   * The navbar's last daily progress, its local day and when its request left (missing in records kept
   * before that was stored), so the goal bar shows after an offline reload.
   */
  | { key: 'dailyProgress'; value: DailyProgress & { day: string; requestedAt?: number; answeredAt?: number } }
  /** Watch seconds sent since that figure's request, per local day: data/progress/sent-watch.ts. */
  | { key: 'sentWatch'; value: SentWatch[] }
  /** When each watch event still in the outbox was first sent, if it was: data/progress/sent-watch.ts. */
  | { key: 'watchSendStarts'; value: WatchSendStart[] }
  /** Whose data the local database holds (a user id): data/local-cache.ts claimLocalData. */
  | { key: 'owner'; value: number }
  /** A watch stretch still running (or left open by a page that died): data/progress/open-stretches.ts. */
  | { key: `stretch:${string}`; value: OpenStretch }
  /** "How much did you understand?" of one video: due once half is watched, asked once (data/compass/ratings.ts). */
  | { key: `ratingPrompt:${number}`; value: RatingPrompt }
  /** The server's "Next for you" of a language as last fetched: video ids, best first (data/compass). */
  | { key: `nextForYou:${string}`; value: number[] }
  /** A learner's player choices: captions, their style, auto-pause (data/preferences/player-prefs.ts). */
  | { key: `playerPrefs:${string}`; value: PlayerPrefs }
  /** The last audio grant GET /me/cards sent for a language, kept apart from its cards (data/cards/card-audio-grant.ts). */
  | { key: `cardAudioGrant:${string}`; value: string }
  /** The cursor of a language's last cards pull (GET /me/cards's next_since, data/cards/cards-since.ts). */
  | { key: `cardsSince:${string}`; value: string }

/** A catalogue video as last seen, kept so lists show offline; `cachedAt` orders refreshes. */
export interface CachedVideo extends VideoSummary {
  cachedAt: number
}

/** A language's lexicon as last downloaded, kept for offline use (data/words/lexicon.ts). */
export interface LexiconRecord {
  language: string
  version: number
  entries: LexiconEntry[]
}

/** A learner's state of one word, set on this device or pulled from the server (data/words/word-states.ts). */
export interface WordStateRecord {
  language: string
  key: string
  state: WordState
  /** Epoch ms of the change: the latest wins, on the device as on the server. */
  occurredAt: number
}

/** A video's word counts, kept with the catalogue and downloads so its share is computed offline (data/words/video-words.ts). */
export interface VideoWordsRecord {
  videoId: number
  counts: Array<[string, number]>
  /** Epoch ms of the fetch. */
  savedAt: number
}

export type DeHieuDb = Dexie & {
  languages: EntityTable<CachedLanguage, 'code'>
  records: EntityTable<CachedRecord, 'key'>
  /** Pending calls (watch events, comments, feedback), sent by data/outbox/sync-engine.ts. */
  outbox: EntityTable<OutboxItem, 'id'>
  /** Outbox items the server refused, shown to the person. */
  deadLetters: EntityTable<DeadLetter, 'id'>
  videos: EntityTable<CachedVideo, 'id'>
  downloads: EntityTable<DownloadRecord, 'videoId'>
  /** The contributor's upload queue; the file bytes sit apart in uploadBlobs so lists stay light. */
  uploads: EntityTable<UploadItem, 'id'>
  uploadBlobs: EntityTable<UploadBlob, 'id'>
  /** The last comments seen of each video, shown offline as a saved copy (data/comments/comment-copies.ts). */
  commentCopies: EntityTable<CommentCopy, 'videoId'>
  /** Saved lines and their schedules (data/cards/: the only door). */
  cards: EntityTable<LocalCard, 'id'>
  /** The reviews this device made, kept to fold its cards' schedules (data/cards/). */
  reviews: EntityTable<LocalReview, 'id'>
  /** Words (issue 42): each language's lexicon, the learner's word states, each video's word counts. */
  lexicons: EntityTable<LexiconRecord, 'language'>
  wordStates: Table<WordStateRecord, [string, string]>
  videoWords: EntityTable<VideoWordsRecord, 'videoId'>
  /** The captioning studio's drafts, one a submission (data/studio/: the only door). */
  studioDrafts: EntityTable<StudioDraft, 'submissionId'>
}

export const db = new Dexie(DATABASE_NAME) as DeHieuDb

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

// Words (issue 42). Numbered by the issue, so versions added by branches of the same wave merge in any order.
db.version(42).stores({
  lexicons: 'language, [language+version]',
  wordStates: '[language+key], language',
  videoWords: 'videoId',
})

// Saved lines (issue 43, numbered by the issue as above): due lists per language, a video's saved lines, a card's reviews.
db.version(43).stores({
  cards: 'id, [language+due], video_id',
  reviews: 'id, card_id, reviewed_at',
})

// The captioning studio's drafts (issue 44, numbered by the issue as above): one a submission.
db.version(44).stores({
  studioDrafts: 'submissionId',
})

// A page frozen for Back must not hold a transaction the next page waits on (WebKit).
db.use(frozenPageTransactions)

// Another tab opened a newer schema: let it upgrade; this tab reloads into the new version.
db.on('versionchange', () => {
  db.close()
  window.location.reload()
  return false
})
