/** The settings dialog: app language, daily goal, display name, save. */
import type { Locator, Page } from '@playwright/test'

export class SettingsDialog {
  readonly root: Locator
  readonly goal: Locator
  readonly name: Locator
  readonly nameHint: Locator
  readonly premiumNotice: Locator
  readonly cooldownNotice: Locator
  readonly save: Locator
  readonly close: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-dialog')
    this.goal = this.root.getByTestId('goal-select')
    this.name = this.root.getByLabel(/Display name|Tên hiển thị/)
    this.nameHint = this.root.getByTestId('name-hint')
    this.premiumNotice = this.root.getByTestId('premium-notice')
    this.cooldownNotice = this.root.getByTestId('cooldown-notice')
    this.save = page.getByRole('button', { name: /^(Save|Lưu|Saving…)$/ })
    this.close = this.root.getByRole('button', { name: /^(Close|Đóng)$/ })
    this.status = this.root.getByTestId('settings-status')
  }

  uiLanguage(label: 'English' | 'Tiếng Việt') {
    return this.root.getByLabel(label)
  }
}
