/** The feedback dialog: text, counter, send, cancel, thank-you. */
import type { Locator, Page } from '@playwright/test'

export class FeedbackDialog {
  readonly root: Locator
  readonly text: Locator
  readonly counter: Locator
  readonly send: Locator
  readonly cancel: Locator
  readonly error: Locator
  readonly thanks: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('feedback-dialog')
    this.text = this.root.getByLabel('Your feedback')
    this.counter = this.root.getByTestId('feedback-counter')
    this.send = page.getByRole('button', { name: /^(Send|Sending…)$/ })
    this.cancel = this.root.getByRole('button', { name: 'Cancel' })
    this.error = this.root.getByTestId('feedback-error')
    this.thanks = this.root.getByTestId('feedback-success')
  }
}
