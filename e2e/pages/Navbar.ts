/** The navigation bar: language picker, goal bar, feedback, upgrade and the user menu. */
import type { Locator, Page } from '@playwright/test'

export class Navbar {
  readonly root: Locator
  readonly languageButton: Locator
  readonly goalBar: Locator
  readonly feedbackButton: Locator
  readonly userMenuButton: Locator
  readonly upgrade: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('navbar')
    this.languageButton = page.getByTestId('language-picker').getByRole('button')
    this.goalBar = page.getByTestId('goal-bar')
    this.feedbackButton = page.getByTestId('navbar-feedback')
    this.userMenuButton = page.getByTestId('user-menu').getByRole('button')
    this.upgrade = this.root.getByRole('link', { name: /Upgrade|Nâng cấp/ })
  }

  async chooseLanguage(name: string) {
    await this.languageButton.click()
    await this.page.getByRole('menuitemradio', { name: new RegExp(name) }).click()
  }

  async openUserMenu() {
    await this.userMenuButton.click()
    return this.page.getByRole('menu', { name: /Account menu|Menu tài khoản/ })
  }

  async openSettings() {
    const menu = await this.openUserMenu()
    await menu.getByRole('menuitem', { name: /^(Settings|Cài đặt)$/ }).click()
  }

  async openFeedback() {
    await this.feedbackButton.click()
  }

  async logOut() {
    const menu = await this.openUserMenu()
    await menu.getByRole('menuitem', { name: /Log out|Đăng xuất/ }).click()
  }
}

/** The user menu's items a learner may need to find (issue 32). */
export class UserMenuItems {
  readonly account: Locator
  readonly install: Locator

  constructor(readonly page: Page) {
    this.account = page.getByTestId('menu-account')
    this.install = page.getByTestId('menu-install')
  }
}
