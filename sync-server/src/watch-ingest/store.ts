/**
 * The watch-event ingest's two faces: what it offers the route (WatchEventsIngest, chosen per engine
 * in ingest.ts) and what it reads and writes inside the transaction of one batch (WatchIngestStore).
 * The rules are written once (store-batch.ts) over the store; each engine has its own implementation:
 * on PostgreSQL store.postgres.ts (reads ahead, writes in one statement), on SQLite hand-written
 * statements on the ingest thread's own connection (store.sqlite.ts), where the builder cost about
 * half the rate (bench/watch-ingest-stores.ts); store.kysely.ts is the same written once for both
 * engines, the reference the other two are tested against.
 *
 * A store method may answer synchronously (SQLite) or with a promise (PostgreSQL); the rules await
 * either. Each is called a few times a batch, never once per event. Row types are the tables' own
 * (db/schema.ts).
 */
import type { WatchEventsResult } from '../../../contract/index.ts'
import type { Row } from '../db/schema.ts'
import type { Interval } from '../rules/covered-time.ts'

type Answer<T> = T | Promise<T>

export type IngestResult = WatchEventsResult['data']
export type IngestUser = Row<'users'>
/** What the watching rules need to know about a video. */
export type WatchableVideoRow = Pick<Row<'videos'>, 'id' | 'language_code' | 'access_level' | 'duration_seconds' | 'published_at'>
export type VideoProgressRow = Row<'video_progress'>

export interface WatchEventsIngest {
  /** Stores a batch of events as sent by the outbox; answers once it is committed. */
  ingest(user: IngestUser, events: readonly unknown[]): Promise<IngestResult>
  /**
   * Gets ready before the first batch (an API process calls it once listening): on SQLite the thread
   * starts, loading its code and opening its connection, which the first batch after a start would
   * otherwise wait for (300–450 ms); nothing to do on PostgreSQL. Tests leave it lazy.
   */
  warmUp(): void
  /** Lets the batches in flight finish, then refuses new ones. */
  close(): Promise<void>
}

/** Events to insert, in columns (all of one user, none stored before). */
export interface NewWatchEvents {
  clientIds: string[]
  videoIds: number[]
  positionsFrom: number[]
  positionsTo: number[]
  watchedSeconds: number[]
  playbackRates: number[]
  occurredAt: string[]
  days: string[]
  /** 1: listened (audio only), 0: watched. */
  listened: number[]
}

export interface WatchIngestStore {
  /** Which of these client_ids the user has stored already. */
  storedClientIds(userId: number, clientIds: readonly string[]): Answer<ReadonlySet<string>>
  /** The videos among these ids (any that exist, published or not). */
  videosForWatching(videoIds: readonly number[]): Answer<WatchableVideoRow[]>
  /** The user's covered intervals that overlap or touch [fromMs, toMs], in order. */
  coverageAround(userId: number, fromMs: number, toMs: number): Answer<Interval[]>
  saveCoverage(userId: number, changes: { upsert: readonly Interval[]; removed: readonly number[] }): Answer<void>
  progressOf(userId: number, videoIds: readonly number[]): Answer<VideoProgressRow[]>
  saveProgress(rows: readonly VideoProgressRow[]): Answer<void>
  /** The goal in force on a local day (the latest change on or before it; the default before any). */
  goalInForceOn(userId: number, day: string): Answer<number>
  /**
   * Adds watch time to a day (never past 24 h), `listenedSeconds` of it spent listening; a day seen for
   * the first time takes `goalMinutes`.
   */
  addDaySeconds(userId: number, day: string, seconds: number, goalMinutes: number, listenedSeconds: number): Answer<void>
  /** Inserts the events, skipping any (user, client_id) stored meanwhile; answers how many it inserted. */
  insertEvents(userId: number, receivedAt: string, events: NewWatchEvents): Answer<number>
  /**
   * Optional, for a store whose every statement is a round trip (PostgreSQL): the batch's reads asked
   * once, first, as a superset of what the reads above will ask (every candidate id and video, the
   * covered time around every event that passed the checks; null when none did).
   */
  readAhead?(userId: number, question: { clientIds: readonly string[]; videoIds: readonly number[]; fromMs: number | null; toMs: number | null }): Answer<void>
  /**
   * Optional: a store that keeps its writes until the batch ends sends them here, and throws the
   * service's ConcurrentIngestError itself when fewer events were inserted than insertEvents was given.
   */
  flush?(): Answer<void>
}
