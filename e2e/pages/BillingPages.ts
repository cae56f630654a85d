/** Billing as a learner goes through it: the plans, checkout, the welcome, and the account page. */
import type { Locator, Page } from '@playwright/test'

export class BillingPage {
  readonly monthly: Locator
  readonly yearly: Locator
  readonly checkout: Locator

  constructor(readonly page: Page) {
    this.monthly = page.getByRole('radio', { name: /Monthly/ })
    this.yearly = page.getByRole('radio', { name: /Yearly/ })
    this.checkout = page.getByRole('button', { name: 'Continue to checkout' })
  }
}

export class BillingSuccessPage {
  readonly heading: Locator
  readonly openSettings: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.openSettings = page.getByRole('button', { name: 'Open settings' })
  }
}

export class AccountPage {
  readonly email: Locator
  readonly name: Locator
  readonly plan: Locator
  readonly status: Locator
  readonly date: Locator
  readonly cancel: Locator
  readonly cancelDialog: Locator
  readonly signOut: Locator

  constructor(readonly page: Page) {
    this.email = page.getByTestId('account-email')
    this.name = page.getByTestId('account-name')
    this.plan = page.getByTestId('account-plan')
    this.status = page.getByTestId('account-status')
    this.date = page.getByTestId('account-date')
    this.cancel = page.getByRole('button', { name: 'Cancel subscription' })
    this.cancelDialog = page.getByTestId('cancel-dialog')
    // Exact: the devices list has "Sign out <device>" and "Sign out everywhere else" too.
    this.signOut = page.getByRole('button', { name: 'Sign out', exact: true })
  }

  async cancelSubscription() {
    await this.cancel.click()
    await this.cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click()
  }
}
