/**
 * The "done when", in one go, as a new person would: sign in with the mailed code, switch the
 * app to Vietnamese, set a goal, send feedback, then reload offline and still have the app.
 */
import { expect, test, uniqueEmail } from './fixtures.ts'
import { LoginPage } from './pages/LoginPage.ts'
import { Navbar } from './pages/Navbar.ts'

test('a new learner signs in, goes Vietnamese, sets a goal, sends feedback, and reloads offline', async ({ page, context, server }) => {
  const email = uniqueEmail('journey')
  const login = new LoginPage(page)
  await login.goto()
  const since = server.smtp.mails.length
  await login.askForCode(email)
  await login.enterCode(await server.smtp.waitForCode(email, { since }))
  await expect(page).toHaveURL(/\/register$/)
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await expect(page).toHaveURL(/\/languages$/)

  const navbar = new Navbar(page)
  await navbar.openSettings()
  await page.getByLabel('Tiếng Việt').check()
  await expect(page.getByRole('heading', { name: 'Cài đặt' })).toBeVisible()
  await page.getByLabel('Mục tiêu mỗi ngày').selectOption('30')
  await page.getByRole('button', { name: 'Lưu' }).click()
  await expect(page.getByText('Đã cập nhật cài đặt.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(navbar.goalBar).toContainText('0 / 30 phút')

  await navbar.feedbackButton.click()
  await page.getByLabel('Góp ý của bạn').fill('Ứng dụng rất dễ hiểu, cảm ơn!')
  await page.getByRole('button', { name: 'Gửi', exact: true }).click()
  await expect(page.getByText('Cảm ơn bạn đã góp ý!')).toBeVisible()
  await expect(page.getByTestId('feedback-dialog')).toBeHidden()

  await page.getByTestId('language-list').getByRole('link', { name: /Vietnamese/ }).click()
  await expect(page).toHaveURL(/\/languages\/vi\/videos$/)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toContainText('Bạn đang ngoại tuyến')
  await expect(page.getByRole('heading', { level: 1, name: 'Video' })).toBeVisible()
  await expect(navbar.languageButton).toContainText('Tiếng Việt')
  await expect(navbar.userMenuButton).toContainText(email)
  await context.setOffline(false)
})
