import { Dexie, type EntityTable } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { frozenPageTransactions } from './frozen-page-transactions.ts'

type Page = Dexie & { records: EntityTable<{ key: string; value: number }, 'key'> }

/**
 * One page's connection to a database shared with the next page, as the app opens it (db.ts). The
 * next page runs in a realm of its own, not frozen: here, a connection without this page's middleware.
 */
function openPage(name: string, { nextPage = false } = {}): Page {
  const page = new Dexie(name) as Page
  page.version(1).stores({ records: 'key' })
  if (!nextPage) page.use(frozenPageTransactions)
  return page
}

function pageTransition(type: 'pagehide' | 'pageshow', persisted: boolean): void {
  const event = new Event(type)
  Object.defineProperty(event, 'persisted', { value: persisted })
  window.dispatchEvent(event)
}

const opened: Page[] = []
afterEach(async () => {
  pageTransition('pageshow', true)
  for (const page of opened.splice(0)) await page.delete()
})

describe('a page frozen for Back', () => {
  it('lets go of the transaction it was in the middle of, so the next page reads and writes', async () => {
    const leaving = openPage('frozen-page-running')
    opened.push(leaving)
    await leaving.records.put({ key: 'goal', value: 5 })

    const running = leaving.transaction('rw', leaving.records, async () => {
      await leaving.records.get('goal')
      pageTransition('pagehide', true)
      await leaving.records.put({ key: 'goal', value: 6 })
    })
    await expect(running).rejects.toBeTruthy()

    // The next page finds what was there before (nothing half-written) and is not kept waiting.
    const next = openPage('frozen-page-running', { nextPage: true })
    opened.push(next)
    expect(await next.records.get('goal')).toEqual({ key: 'goal', value: 5 })
    await next.records.put({ key: 'goal', value: 7 })
    expect(await next.records.get('goal')).toEqual({ key: 'goal', value: 7 })
  })

  it('refuses what it starts while frozen, and works again once it is shown again', async () => {
    const page = openPage('frozen-page-later')
    opened.push(page)
    await page.records.put({ key: 'stretch', value: 1 })

    pageTransition('pagehide', true)
    await expect(page.records.put({ key: 'stretch', value: 2 })).rejects.toBeTruthy()

    pageTransition('pageshow', true)
    await page.records.put({ key: 'stretch', value: 3 })
    expect(await page.records.get('stretch')).toEqual({ key: 'stretch', value: 3 })
  })

  it('works again once it is seen again, should the browser bring it back without a pageshow', async () => {
    const page = openPage('frozen-page-seen')
    opened.push(page)
    pageTransition('pagehide', true)
    await expect(page.records.put({ key: 'goal', value: 1 })).rejects.toBeTruthy()

    document.dispatchEvent(new Event('visibilitychange'))
    await page.records.put({ key: 'goal', value: 2 })
    expect(await page.records.get('goal')).toEqual({ key: 'goal', value: 2 })
  })

  it('keeps what a page that is closing for good writes at pagehide', async () => {
    const page = openPage('frozen-page-closing')
    opened.push(page)
    const write = page.transaction('rw', page.records, async () => {
      await page.records.get('stretch')
      pageTransition('pagehide', false)
      await page.records.put({ key: 'stretch', value: 9 })
    })
    await write
    expect(await page.records.get('stretch')).toEqual({ key: 'stretch', value: 9 })
  })
})
