/**
 * The account page as a person uses it (issue 21): download my data, see and end my sessions, delete my
 * account with the mailed code. The server's rules are in sync-server/src/routes/account-*.test.ts.
 */
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { DELETION_CODE } from '../sync-server/test-support/smtp-capture.ts'
import { signIn } from '../sync-server/test-support/test-server.ts'
import { expect, openAs, test, uniqueEmail } from './fixtures.ts'
import { AccountSections } from './pages/AccountSections.ts'

test('downloads my data as JSON and my watch history as CSV, both files that parse', async ({ page, signInAs }) => {
  const { email } = await signInAs({ path: '/account' })
  const account = new AccountSections(page)

  const [json] = await Promise.all([page.waitForEvent('download'), account.downloadJson.click()])
  expect(json.suggestedFilename()).toMatch(/^dehieu-export-\d{4}-\d{2}-\d{2}\.json$/)
  const document = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'))
  expect(document.user.email).toBe(email)
  expect(document.watch_events).toEqual([])
  expect(document.sessions.length).toBeGreaterThan(0)

  const [csv] = await Promise.all([page.waitForEvent('download'), account.downloadCsv.click()])
  expect(csv.suggestedFilename()).toMatch(/\.csv$/)
  const bytes = fs.readFileSync((await csv.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(bytes.subarray(3).toString('utf8')).toBe('occurred_at,day,video_id,video_title,watched_seconds,position_from,position_to,playback_rate,mode\r\n')
})

/** What the device keeps for the person: outbox items, queued uploads, downloaded media. */
async function localData(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('de-hieu')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const result = { outbox: await count('outbox'), uploads: await count('uploads'), uploadBlobs: await count('uploadBlobs'), records: await count('records') }
    db.close()
    const media = (await caches.has('offline-media-v1')) ? (await (await caches.open('offline-media-v1')).keys()).length : 0
    return { ...result, media, token: localStorage.getItem('token') }
  })
}

test('deletes my account with the mailed code: signed out, local data cleared, on the start page', async ({ page, signInAs, server }) => {
  const { email, token } = await signInAs({ path: '/account' })
  const account = new AccountSections(page)
  await expect(account.thisDevice).toBeVisible()
  // Things of the person this device keeps: an unsent item, a queued upload, a downloaded file.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('de-hieu')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['outbox', 'uploads', 'uploadBlobs'], 'readwrite')
      // Due far in the future, so the sync engine leaves it waiting.
      tx.objectStore('outbox').put({ id: 'e2e-outbox', kind: 'feedback', nextAttemptAt: Date.now() + 1e10, attempts: 0, payload: { feedback: 'Waiting to be sent' } })
      tx.objectStore('uploads').put({ id: 'e2e-upload', status: 'paused', createdAt: Date.now() })
      tx.objectStore('uploadBlobs').put({ id: 'e2e-upload', blob: new Blob(['video bytes']) })
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
    db.close()
    await (await caches.open('offline-media-v1')).put('/offline-media/1/master.m3u8', new Response('#EXTM3U'))
  })

  await account.deleteStart.click()
  await expect(account.deleteDialog).toContainText('This cannot be undone')
  const since = server.smtp.mails.length
  await account.sendCode.click()
  const code = await server.smtp.waitForCode(email, { since, pattern: DELETION_CODE })
  await account.code.fill(code)
  // The second confirmation: the final button waits for "I understand".
  await expect(account.deleteForever).toBeDisabled()
  await account.understand.check()
  expect(await localData(page)).toMatchObject({ outbox: 1, uploads: 1, uploadBlobs: 1, media: 1 })
  await account.deleteForever.click()

  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => localData(page)).toEqual({ outbox: 0, uploads: 0, uploadBlobs: 0, records: 0, media: 0, token: null })
  const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${token}` } })
  expect(me.status).toBe(401)
})

test('signing out another session from the devices list sends that browser to /login', async ({ page, browser, server }) => {
  const email = uniqueEmail('devices')
  const here = await signIn(server, email)
  const there = await signIn(server, email)
  const otherContext = await browser.newContext()
  const otherPage = await otherContext.newPage()
  try {
    await openAs(otherPage, there, '/languages', server.baseUrl)
    await expect(otherPage).toHaveURL(/\/languages$/)
    await openAs(page, here, '/account', server.baseUrl)

    const account = new AccountSections(page)
    await expect(account.deviceRows).toHaveCount(2)
    await expect(account.thisDevice).toContainText('This device')
    await account.signOutOtherDevice().click()
    await expect(account.deviceRows).toHaveCount(1)
    await expect(page.getByText('Only this device is signed in.')).toBeVisible()

    // The other browser's next call is refused: it goes to /login.
    await otherPage.reload()
    await expect(otherPage).toHaveURL(/\/login$/)
    // This one is still signed in.
    await page.reload()
    await expect(account.thisDevice).toBeVisible()
  } finally {
    await otherContext.close()
  }
})
