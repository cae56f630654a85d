/** What the main thread and the ingest worker say to each other. */
import type { WatchEventsResult } from '../../../contract/index.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { CheckedWatchEvents } from './check-watch-events.ts'

export interface IngestWorkerData {
  dataDir: string
  previewSeconds: number
}

/** A batch already checked against the rules that need no database, in columns. */
export interface IngestRequest {
  id: number
  user: UserRow
  checked: CheckedWatchEvents
  now: number
}

/** `gone`: the account was deleted before the batch's turn came, and nothing of it was stored. */
export type IngestReply = { id: number; result: WatchEventsResult['data'] } | { id: number; error: string } | { id: number; gone: true }
