/** The feedback dialog: counter and limits, sending, the thank-you that closes itself, and failures. */
import { expect, test } from './fixtures.ts'
import { FeedbackDialog } from './pages/FeedbackDialog.ts'
import { Navbar } from './pages/Navbar.ts'

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

  const row = server.ctx.db
    .prepare('SELECT feedback, client_id, environment_data FROM user_feedbacks WHERE user_id = ?')
    .get(user.id) as { feedback: string; client_id: string; environment_data: string }
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

test('closing is blocked while sending, and offline says so', async ({ page, context, signInAs }) => {
  await signInAs({ path: '/languages' })
  await new Navbar(page).openFeedback()
  const feedback = new FeedbackDialog(page)
  await feedback.text.fill('The goal bar is lovely.')

  // Hold the request until the test has tried to close the dialog.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let reached!: () => void
  const arrived = new Promise<void>((resolve) => (reached = resolve))
  await context.route('**/api/v1/user_feedbacks', async (route) => {
    reached()
    await held
    await route.continue()
  })
  await feedback.send.click()
  await arrived
  await expect(feedback.send).toHaveText('Sending…')
  await page.keyboard.press('Escape')
  await expect(feedback.cancel).toBeDisabled()
  await expect(feedback.root).toBeVisible()
  release()
  await expect(feedback.thanks).toBeVisible()
  await context.unroute('**/api/v1/user_feedbacks')
  await expect(feedback.root).toBeHidden()

  await new Navbar(page).openFeedback()
  await feedback.text.fill('Sent from the tunnel.')
  await context.setOffline(true)
  await feedback.send.click()
  await expect(feedback.error).toHaveText("You're offline. Feedback needs a connection; please try again when you're back online.")
  await context.setOffline(false)
  await feedback.send.click()
  await expect(feedback.thanks).toBeVisible()
})
