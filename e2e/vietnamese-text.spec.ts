/**
 * No English left on the Vietnamese screens (issue 41 item 18): the main screens' visible text and their
 * accessible names (aria-label, title, alt, placeholder) hold no word of the English texts
 * (locales/en) that the Vietnamese texts (locales/vi) never use, nor the server's literal "deleted";
 * names (of the product, the languages, the test's own videos) are allowed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { DELETION_CODE } from '../sync-server/test-support/smtp-capture.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { captionedVideo, vtt } from './captioned-video.ts'
import { expect, test } from './fixtures.ts'
import { Navbar } from './pages/Navbar.ts'

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales')
/** Words both languages may show: names, units and codes. */
const ALLOWED = new Set(['dễ', 'hiểu', 'english', 'vietnamese', 'cantonese', 'premium', 'video', 'email', 'e', 'mail', 'ok', 'cc', 'vi', 'en', 'pwa', 'kb', 'mb', 'gb', 'p', 'h', 'min'])

function wordsOf(language: 'en' | 'vi'): Set<string> {
  const words = new Set<string>()
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').toLowerCase().match(/\p{L}+/gu) ?? []) words.add(word)
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner)
  }
  for (const file of fs.readdirSync(path.join(LOCALES, language))) walk(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')))
  return words
}

const vietnamese = wordsOf('vi')
const ENGLISH_ONLY = new Set([...wordsOf('en')].filter((word) => !vietnamese.has(word) && !ALLOWED.has(word) && word.length > 2))
ENGLISH_ONLY.add('deleted')

/** The English words the page shows or names, with where. */
async function englishOn(page: Page, allowed: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.body.innerText]
    for (const element of document.querySelectorAll('[aria-label], [title], img[alt], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name)
        if (value) found.push(value)
      }
    }
    return found
  })
  const extra = new Set(allowed.flatMap((text) => text.toLowerCase().match(/\p{L}+/gu) ?? []))
  const hits = new Set<string>()
  for (const text of texts) for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) if (ENGLISH_ONLY.has(word) && !extra.has(word)) hits.add(`${word} (in "${text.slice(0, 80).replace(/\s+/g, ' ')}")`)
  return [...hits]
}

/** Someone comments on the video, then deletes their account through the mailed code, as a person does. */
async function commentThenLeave(server: TestServer, videoId: number) {
  const email = `leaving-${Date.now()}@example.com`
  const { token } = await signIn(server, email)
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const user = (await server.ctx.repositories.users.findByEmail(email))!
  await server.ctx.database.db.updateTable('users').set({ is_premium: 1 }).where('id', '=', user.id).execute()
  const posted = await fetch(`${server.api}/videos/${videoId}/comments`, { method: 'POST', headers, body: JSON.stringify({ comment: { text: 'Tôi sắp đi.', client_id: crypto.randomUUID() } }) })
  expect(posted.status).toBe(201)
  const since = server.smtp.mails.length
  expect((await fetch(`${server.api}/me/delete/code`, { method: 'POST', headers })).status).toBe(202)
  const otp = await server.smtp.waitForCode(email, { since, pattern: DELETION_CODE })
  expect((await fetch(`${server.api}/me/delete`, { method: 'POST', headers, body: JSON.stringify({ otp }) })).status).toBe(204)
}

test('the Vietnamese screens hold no English word', async ({ page, server, signInAs }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'vi'))
  // Premium, so the video page shows its comments: one of them by an account since deleted.
  const { user } = await signInAs({ path: '/languages', premium: true })
  const title = `Chào buổi sáng ${Date.now()}`
  const videoId = await captionedVideo(server, user.id, title, { seconds: 8, vi: vtt([{ start: 0, end: 3, text: 'Xin chào các bạn.' }]) })
  await commentThenLeave(server, videoId)
  await page.goto('/languages')
  await page.getByTestId('language-list').getByRole('link').first().click()

  // Titles are what contributors wrote, not the product's words: other specs on this server name theirs in English ("phone").
  const titles = (await server.ctx.database.db.selectFrom('videos').select('title').execute()).map((row) => row.title)
  const content = [title, user.email, ...titles]
  for (const url of ['/languages', '/languages/vi/videos', `/languages/vi/videos/${videoId}`, '/languages/vi/progress', '/account', '/downloads']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
    if (url.endsWith(`/${videoId}`)) await expect(page.getByTestId('comment-deleted')).toHaveText('Bình luận này đã bị xóa cùng tài khoản của người viết.')
    expect(await englishOn(page, content), url).toEqual([])
  }
  await new Navbar(page).openSettings()
  await expect(page.getByTestId('settings-dialog')).toBeVisible()
  expect(await englishOn(page, content), 'settings').toEqual([])
})
