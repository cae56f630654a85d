/** What the main thread and the ingest worker say to each other. */
import type { CheckedWatchEvents } from './check-events.ts'
import type { IngestResult, IngestUser } from './store.ts'

/** Marks the thread as the ingest's (a test runner's own worker threads import modules too). */
export const INGEST_WORKER = 'watch-ingest'

export interface IngestWorkerData {
  role: typeof INGEST_WORKER
  dataDir: string
  previewSeconds: number
}

/** A batch already checked against the rules that need no database, in columns. */
export interface IngestRequest {
  id: number
  user: IngestUser
  checked: CheckedWatchEvents
  now: number
}

/** `gone`: the account was deleted before the batch's turn came, and nothing of it was stored. */
export type IngestReply = { id: number; result: IngestResult; waitMs: number; commitMs: number } | { id: number; error: string } | { id: number; gone: true }
