/** The public landing page: its way in (open deployment) or its waitlist form (pre-launch). */
import type { Locator, Page } from '@playwright/test'

export class LandingPage {
  readonly heading: Locator
  readonly waitlistEmail: Locator
  readonly join: Locator
  readonly done: Locator
  /** The open deployment's way in, on the first screen. */
  readonly start: Locator
  /** The line above the title: Coming soon before the launch. */
  readonly kicker: Locator
  readonly signIn: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.waitlistEmail = page.getByTestId('waitlist-form').getByRole('textbox', { name: /waitlist|danh sách chờ|輪候/i })
    this.join = page.getByTestId('waitlist-form').getByRole('button')
    this.done = page.getByTestId('waitlist-done')
    this.kicker = page.locator('.hero .kicker')
    this.start = page.getByTestId('landing-start').getByRole('link', { name: /Start watching|Bắt đầu xem|開始觀看/ })
    this.signIn = page.getByTestId('landing-start').getByRole('link', { name: /Sign in|Đăng nhập|登入/ })
  }

  async goto() {
    await this.page.goto('/')
  }
}
