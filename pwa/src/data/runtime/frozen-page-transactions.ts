/**
 * A page leaving into the back/forward cache takes no IndexedDB transaction with it.
 *
 * WebKit (Safari, every iPhone browser) freezes a page it keeps for Back with its IndexedDB
 * transactions still open: a request whose answer the frozen page never hears keeps its transaction
 * alive until that page is thrown away, which can take many minutes. Every transaction of the next
 * page (or of the service worker) on the same table waits behind it. Seen in our WebKit suite: a full
 * navigation while the goal bar's read was in flight left the new video page unable to read or write
 * `records`, so nothing watched was counted or kept, with no error anywhere.
 *
 * So when the page is about to be frozen (pagehide with `persisted`), every transaction still running
 * is aborted, and any the page starts while frozen (the player closing its watch stretch on pagehide
 * and visibilitychange) is aborted as soon as it is made. Nothing is lost: an aborted read is read
 * again, and an aborted write leaves what was there (an open stretch stays kept, under a lock this page
 * gives up, and is closed as kept by whoever finds it; outbox items stay in the outbox). Dexie itself
 * closes the connection at that pagehide (closing lets running transactions finish, which a frozen
 * page never lets them do) and asks every live query again at the pageshow that brings the page back.
 */
import type { DBCore, Middleware } from 'dexie'

const running = new Set<IDBTransaction>()
let frozen = false

function abort(transaction: IDBTransaction): void {
  try {
    transaction.abort()
  } catch {
    // Finished in the meantime: nothing held.
  }
}

/** Dexie middleware (db.use) that follows the database's native transactions. */
export const frozenPageTransactions: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'frozen-page-transactions',
  create: (down) => ({
    ...down,
    transaction(stores, mode, options) {
      const transaction = down.transaction(stores, mode, options) as unknown as IDBTransaction
      if (frozen) {
        abort(transaction)
      } else if (typeof transaction.addEventListener === 'function') {
        running.add(transaction)
        // Only these two end it: a request's error that is handled leaves the transaction running.
        const done = () => running.delete(transaction)
        transaction.addEventListener('complete', done)
        transaction.addEventListener('abort', done)
      }
      return transaction as unknown as ReturnType<DBCore['transaction']>
    },
  }),
}

function onPageHide(event: PageTransitionEvent): void {
  if (!event.persisted) return
  frozen = true
  for (const transaction of running) abort(transaction)
  running.clear()
}

function onPageShow(event: PageTransitionEvent): void {
  if (event.persisted) frozen = false
}

/** Seen again: alive, whatever the browser said at pagehide (a page is never frozen in sight). */
function onVisibilityChange(): void {
  if (document.visibilityState === 'visible') frozen = false
}

if (typeof window !== 'undefined') {
  // Capture: before Dexie's and the page's own pagehide listeners, whose writes are then refused rather than frozen.
  window.addEventListener('pagehide', onPageHide, { capture: true })
  window.addEventListener('pageshow', onPageShow, { capture: true })
  document.addEventListener('visibilitychange', onVisibilityChange, { capture: true })
}
