/**
 * A new version is offered, never forced: after a deploy the new service worker waits, the app shows
 * "A new version is ready", the page is not reloaded behind the person's back, and Reload switches over.
 * This test serves its own copy of the built app so it can "deploy" a changed service worker.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, openAs, pwaDist, test, uniqueEmail } from './fixtures.ts'

let copy: string
let server: TestServer

test.beforeEach(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-pwa-copy-'))
  fs.cpSync(pwaDist, copy, { recursive: true })
  server = await startTestServer({ pwaDist: copy, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})

test.afterEach(async () => {
  await server.close()
  fs.rmSync(copy, { recursive: true, force: true })
})

test('a new version waits for the person to reload', async ({ page }) => {
  const session = await signIn(server, uniqueEmail('updater'))
  await openAs(page, session, '/languages', server.baseUrl)
  await page.getByTestId('language-list').waitFor()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.evaluate(() => {
    ;(window as unknown as { stillHere: boolean }).stillHere = true
  })

  // "Deploy": the service worker changes on the server.
  fs.appendFileSync(path.join(copy, 'sw.js'), '\n// the next version\n')
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()))

  const toast = page.getByTestId('update-toast')
  await expect(toast).toContainText('A new version is ready.')
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)

  const reloaded = page.waitForEvent('load')
  await toast.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  await page.getByTestId('language-list').waitFor()
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined()
  await expect(page.getByTestId('update-toast')).toHaveCount(0)
})
