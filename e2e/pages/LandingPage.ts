/** The public landing page with its waitlist form. */
import type { Locator, Page } from '@playwright/test'

export class LandingPage {
  readonly heading: Locator
  readonly waitlistEmail: Locator
  readonly join: Locator
  readonly done: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.waitlistEmail = page.getByTestId('waitlist-form').getByRole('textbox', { name: /waitlist|danh sách chờ|輪候/i })
    this.join = page.getByTestId('waitlist-form').getByRole('button')
    this.done = page.getByTestId('waitlist-done')
  }

  async goto() {
    await this.page.goto('/')
  }
}
