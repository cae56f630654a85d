/** /languages: the list of languages taught. */
import type { Locator, Page } from '@playwright/test'

export class LanguagesPage {
  readonly list: Locator

  constructor(readonly page: Page) {
    this.list = page.getByTestId('language-list')
  }

  async goto() {
    await this.page.goto('/languages')
    await this.list.waitFor()
  }

  card(name: string) {
    return this.list.getByRole('link', { name: new RegExp(name) })
  }
}
