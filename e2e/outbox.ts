/** Reading the app's outbox straight from IndexedDB, to see what is still waiting to be sent. */
import type { Page } from '@playwright/test'

/** The ids of the items waiting in the outbox, of one kind (watch_event, feedback, comment) or all. */
export function outboxIds(page: Page, kind?: string): Promise<string[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const store = open.result.transaction('outbox').objectStore('outbox')
          const request = wanted === null ? store.getAllKeys() : store.index('kind').getAllKeys(wanted)
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result as string[])
          }
          request.onerror = () => reject(request.error)
        }
      }),
    kind ?? null,
  )
}
