/** /apply as a would-be contributor fills it in. */
import type { Locator, Page } from '@playwright/test'

export class ApplyPage {
  readonly form: Locator
  readonly video: Locator
  readonly submit: Locator
  readonly error: Locator
  readonly videoError: Locator
  readonly success: Locator

  constructor(readonly page: Page) {
    this.form = page.getByTestId('apply-form')
    this.video = this.form.getByLabel('A short video of you speaking')
    this.submit = this.form.getByRole('button', { name: 'Send application' })
    this.error = page.getByTestId('apply-error')
    this.videoError = page.getByTestId('apply-video-error')
    this.success = page.getByTestId('apply-success')
  }

  async goto() {
    await this.page.goto('/apply')
  }

  async fillDetails(details: { name: string; email: string; location: string; english: 'Not at all' | 'A little' | 'Well'; notes?: string }) {
    await this.form.getByLabel('Name').fill(details.name)
    await this.form.getByLabel('Email').fill(details.email)
    await this.form.getByLabel('Location').fill(details.location)
    await this.form.getByRole('radio', { name: details.english, exact: true }).check()
    if (details.notes) await this.form.getByLabel(/Notes/).fill(details.notes)
  }
}
