/** Choosing the language to learn, and the interface language, both survive a reload. */
import { appReady, expect, test } from './fixtures.ts'
import { LanguagesPage } from './pages/LanguagesPage.ts'
import { Navbar } from './pages/Navbar.ts'
import { SettingsDialog } from './pages/SettingsDialog.ts'

test('picking a language saves it and it persists across a reload', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages' })
  const languages = new LanguagesPage(page)
  const navbar = new Navbar(page)
  await languages.list.waitFor()
  await expect(languages.card('Vietnamese')).toContainText('Tiếng Việt')
  await expect(languages.card('Cantonese')).toBeVisible()
  await expect(navbar.languageButton).toContainText('Select language')
  // Watch and Progress wait for a language.
  const menu = await navbar.openUserMenu()
  await expect(menu.getByRole('menuitem', { name: 'Watch' })).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')

  await languages.card('Vietnamese').click()
  await expect(page).toHaveURL(/\/languages\/vi\/videos$/)
  await page.reload()
  await expect(navbar.languageButton).toContainText('Vietnamese')
  const flag = navbar.languageButton.locator('img')
  await expect(flag).toHaveAttribute('src', '/vi_flag.svg')
  expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // Switching from the navigation bar follows to the same page of the new language.
  await navbar.chooseLanguage('Cantonese')
  await expect(page).toHaveURL(/\/languages\/yue\/videos$/)
  await page.reload()
  await expect(navbar.languageButton).toContainText('Cantonese')
  const watch = (await navbar.openUserMenu()).getByRole('menuitem', { name: 'Progress' })
  await expect(watch).toHaveAttribute('href', '/languages/yue/progress')
})

test('a page of one language, opened by its link, makes it the chosen language', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages/yue/videos' })
  const navbar = new Navbar(page)
  await expect(navbar.languageButton).toContainText('Cantonese')
  const progress = (await navbar.openUserMenu()).getByRole('menuitem', { name: 'Progress' })
  await expect(progress).toHaveAttribute('href', '/languages/yue/progress')
  await page.keyboard.press('Escape')
  await page.goto('/languages')
  await expect(navbar.languageButton).toContainText('Cantonese')
})

test('the interface switches to Vietnamese and stays so', async ({ page, signInAs }) => {
  await signInAs({ path: '/languages' })
  const navbar = new Navbar(page)
  await navbar.openSettings()
  const settings = new SettingsDialog(page)
  await settings.uiLanguage('Tiếng Việt').check()
  await expect(settings.root.getByRole('heading', { name: 'Cài đặt' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 1, name: 'Chọn ngôn ngữ' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Chọn ngôn ngữ' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('vi')
})

test('public pages: landing in three languages, explainer copies, the way in', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn Vietnamese by watching videos you understand')
  await appReady(page)
  await page.getByRole('button', { name: '繁' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('看得明的影片，助你學越南語')
  await page.getByRole('button', { name: 'VI' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Học tiếng Việt bằng những video bạn hiểu được')
  await page.getByRole('button', { name: 'EN' }).click()

  for (const [path, heading] of [
    ['/en/', 'Understand first. Speaking follows.'],
    ['/vi/', 'Hiểu trước. Nói sẽ đến sau.'],
    ['/zh-Hant-HK/', '先聽得明，自然會講。'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
  await appReady(page)
  await page.getByRole('link', { name: '瀏覽影片' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // An open deployment's way in, once the app is live (the waitlist of a pre-launch one: landing.spec.ts).
  await page.goto('/')
  await appReady(page)
  await page.getByTestId('landing-start').getByRole('link', { name: 'Start watching' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
