/** The feedback dialog: counter and limits, sending through the outbox, the thank-you that closes itself, offline. */
import { expect, openAs, test } from './fixtures.ts'
import { signIn } from '../sync-server/test-support/test-server.ts'
import { FeedbackDialog } from './pages/FeedbackDialog.ts'
import { Navbar } from './pages/Navbar.ts'
import { outboxIds } from './outbox.ts'

test('feedback is validated, sent with its environment, thanked, and the dialog closes itself', async ({ page, server, signInAs }) => {
  const { user } = await signInAs({ path: '/languages' })
  await new Navbar(page).openFeedback()
  const feedback = new FeedbackDialog(page)
  await expect(feedback.text).toBeFocused()
  await expect(feedback.counter).toHaveText('0 / 2000 characters')
  await expect(feedback.send).toBeDisabled()

  await feedback.text.fill('Too short')
  await expect(feedback.counter).toHaveText('9 / 2000 characters')
  await expect(feedback.send).toBeDisabled()
  await feedback.text.fill('x'.repeat(2001))
  await expect(feedback.counter).toHaveText('2001 / 2000 characters')
  await expect(feedback.send).toBeDisabled()

  const text = 'I love the Hội An videos!'
  await feedback.text.fill(text)
  await expect(feedback.send).toBeEnabled()
  await feedback.send.click()
  await expect(feedback.thanks).toHaveText('Thank you for your feedback!')
  // It closes by itself after a moment (FEEDBACK_SUCCESS_CLOSE_MS).
  await expect(feedback.root).toBeHidden()

  // The outbox sends it right after the thank-you.
  const find = () =>
    server.ctx.sqlite
      .prepare('SELECT feedback, client_id, environment_data FROM user_feedbacks WHERE user_id = ?')
      .get(user.id) as { feedback: string; client_id: string; environment_data: string } | undefined
  await expect.poll(() => find() !== undefined).toBe(true)
  const row = find()!
  expect(row.feedback).toBe(text)
  expect(row.client_id).toMatch(/^[0-9a-f-]{36}$/)
  const environment = JSON.parse(row.environment_data) as Record<string, unknown>
  expect(environment).toMatchObject({
    currentPage: '/languages',
    appLanguage: 'en',
    browserLanguage: 'en-US',
    viewportDimensions: '1280x800',
  })
  expect(Object.keys(environment).sort()).toEqual(
    ['appLanguage', 'browserLanguage', 'currentPage', 'devicePixelRatio', 'screenResolution', 'sessionDuration', 'timestamp', 'userAgent', 'viewportDimensions'].sort(),
  )
  expect(typeof environment.sessionDuration).toBe('number')
  expect(new Date(environment.timestamp as string).getTime()).not.toBeNaN()
})

test('feedback written offline is thanked at once and reaches the server once, when back online', async ({ page, context, server, signInAs }) => {
  const { user } = await signInAs({ path: '/languages' })
  await new Navbar(page).openFeedback()
  const feedback = new FeedbackDialog(page)
  await expect(feedback.text).toBeVisible()
  await context.setOffline(true)
  await feedback.text.fill('Sent from the tunnel.')
  await feedback.send.click()
  // It is in the outbox (design.md): the person is thanked and may close the app.
  await expect(feedback.thanks).toBeVisible()
  await expect(feedback.root).toBeHidden()
  const rows = () =>
    (server.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM user_feedbacks WHERE user_id = ?').get(user.id) as { n: number }).n
  expect(rows()).toBe(0)
  await context.setOffline(false)
  await expect.poll(rows).toBe(1)
})

test('feedback written offline survives a session the server ended, and is sent once when the same person signs in again', async ({ page, context, server, signInAs }) => {
  const { user, email } = await signInAs({ path: '/languages' })
  await new Navbar(page).openFeedback()
  const feedback = new FeedbackDialog(page)
  await expect(feedback.text).toBeVisible()
  await context.setOffline(true)
  await feedback.text.fill('Written on the train, sent much later.')
  await feedback.send.click()
  await expect(feedback.thanks).toBeVisible()
  await expect(feedback.root).toBeHidden()

  // Meanwhile the session ends on the server (a token expired, a logout elsewhere): back online, the
  // first call answers 401 and the app goes to /login, without throwing away what was not sent.
  // Back online, the outbox sends at once and meets the 401. (A reload here raced that send: when the
  // send won, the reloaded page started already signed out, with no 401 of its own to lead to /login.)
  server.ctx.sqlite.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ?').run(Date.now(), user.id)
  await context.setOffline(false)
  await expect(page).toHaveURL(/\/login$/)
  const rows = () =>
    (server.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM user_feedbacks WHERE user_id = ?').get(user.id) as { n: number }).n
  expect(rows()).toBe(0)
  expect(await outboxIds(page, 'feedback')).toHaveLength(1)

  // Signed in again, the same person's feedback goes out, once.
  const again = await signIn(server, email)
  await openAs(page, again, '/languages')
  await expect.poll(() => outboxIds(page)).toEqual([])
  expect(rows()).toBe(1)
})
