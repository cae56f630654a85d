/** The /login page as a person uses it: type the address, then the mailed code. */
import type { Locator, Page } from '@playwright/test'

export class LoginPage {
  /** The page itself: while it loads, the page before it can still be on screen (another Email field). */
  readonly root: Locator
  readonly email: Locator
  readonly sendCode: Locator
  readonly code: Locator
  readonly signIn: Locator
  readonly error: Locator
  readonly resend: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('login-page')
    this.email = this.root.getByLabel('Email')
    this.sendCode = page.getByRole('button', { name: 'Send code' })
    this.code = page.getByLabel('Code from the email')
    this.signIn = page.getByRole('button', { name: 'Sign in' })
    this.error = page.getByTestId('login-error')
    this.resend = page.getByRole('button', { name: 'Send a new code' })
  }

  async goto() {
    await this.page.goto('/login')
  }

  async askForCode(email: string) {
    await this.email.fill(email)
    await this.sendCode.click()
    await this.code.waitFor()
  }

  async enterCode(code: string) {
    await this.code.fill(code)
    await this.signIn.click()
  }
}
