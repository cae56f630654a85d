/**
 * The app's outbox engine: the store over Dexie, the registry's senders, and the triggers that run
 * them. Start it once signed in; stop it on sign-out. Items go in by enqueue (enqueue.ts) only.
 */
import { db } from '../db.ts'
import { recordSendStart, recordSends } from '../progress/sent-watch.ts'
import { wakeReviewsOfLandedCards } from '../cards/card-landing.ts'
import { checkPayloadsWith, onEnqueued } from './enqueue.ts'
import { createOutboxStore } from './outbox-store.ts'
import { payloadProblem } from './payload-checks.ts'
import { OUTBOX_KINDS, sendOutbox } from './registry.ts'
import { createSyncEngine, startSyncTriggers } from './sync-engine.ts'

// Screens that queue something offline (a comment, feedback, time outside the app) import enqueue from
// here, so the engine's code loads with them while the network is there: loaded lazily by
// background-sync.ts only once the outbox is found non-empty, it could be offline by then.
export { enqueue } from './enqueue.ts'

/** The player's "a stretch closed": with it, the engine's code loads with the player (see above). */
export { wakeEngine as flushSoon } from './enqueue.ts'

// From now on enqueue refuses a payload that does not fit its kind (the checks load with this chunk).
checkPayloadsWith(payloadProblem)

export const outboxStore = createOutboxStore({
  outbox: db.outbox,
  deadLetters: db.deadLetters,
  saveLastSync: (at) => db.records.put({ key: 'lastSyncAt', value: at }).then(() => undefined),
  transaction: (tables, work) => db.transaction('rw', tables, work),
  // The goal bar's sent seconds; reviews deferred until their card landed are due again.
  onDone: {
    tables: [db.records],
    write: async (items, at) => {
      await recordSends(items, at)
      await wakeReviewsOfLandedCards(items, at)
    },
  },
  onSend: recordSendStart,
})

export const syncEngine = createSyncEngine({ store: outboxStore, send: sendOutbox, kinds: OUTBOX_KINDS })

let triggers: ReturnType<typeof startSyncTriggers> | null = null

export function startOutboxEngine(): void {
  if (triggers) return
  triggers = startSyncTriggers(syncEngine)
  const started = triggers
  onEnqueued(() => started.enqueued())
}

export function stopOutboxEngine(): void {
  triggers?.stop()
  triggers = null
  onEnqueued(null)
}
