/** Outside hours: logged on the progress page (offline too), sent once, counted in input hours. */
import { expect, test } from './fixtures.ts'

test('outside hours logged offline reach the server once and count toward input hours', async ({ page, context, server, signInAs }) => {
  const { user } = await signInAs({ path: '/languages/vi/progress' })
  const form = page.getByTestId('outside-hours-form')
  await expect(form).toBeVisible()
  await context.setOffline(true)
  await form.getByLabel(/Minutes/).fill('45')
  await form.getByLabel(/Type/).selectOption('talking')
  await form.getByRole('button', { name: 'Add outside hours' }).click()
  await expect(form.getByRole('status')).toContainText('Saved')
  await context.setOffline(false)
  const stored = () => server.ctx.database.db.selectFrom('outside_hours').select(['minutes', 'kind']).where('user_id', '=', user.id).execute()
  await expect.poll(stored, { timeout: 45_000 }).toEqual([{ minutes: 45, kind: 'talking' }])
  await page.reload()
  await expect(page.getByTestId('progress-input-hours')).toHaveText('45 min')

  await form.getByLabel(/Minutes/).fill('0')
  await form.getByRole('button', { name: 'Add outside hours' }).click()
  await expect(form.getByRole('status')).toContainText('Enter whole minutes')
})
