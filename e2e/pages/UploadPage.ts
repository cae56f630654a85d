/** /upload as a contributor uses it: describe the video, pick the file, confirm, send; then watch the queue. */
import type { Locator, Page } from '@playwright/test'

export class UploadPage {
  readonly form: Locator
  readonly title: Locator
  readonly level: Locator
  readonly file: Locator
  readonly release: Locator
  readonly publishable: Locator
  readonly submit: Locator
  readonly outcome: Locator
  readonly error: Locator
  readonly queue: Locator

  constructor(readonly page: Page) {
    this.form = page.getByTestId('upload-form')
    this.title = this.form.getByLabel('Title')
    this.level = this.form.getByLabel('Proficiency level')
    this.file = this.form.getByLabel('Video file')
    this.release = this.form.getByLabel(/signed a release form/)
    this.publishable = this.form.getByLabel('This video is ready for publishing.')
    this.submit = this.form.getByRole('button', { name: 'Upload video' })
    this.outcome = page.getByTestId('upload-outcome')
    this.error = page.getByTestId('upload-error')
    this.queue = page.getByTestId('upload-queue')
  }

  async goto() {
    await this.page.goto('/upload')
  }

  async fill(details: { title: string; level: string; file: string; description?: string; creators?: string; series?: string; episode?: string }) {
    await this.title.fill(details.title)
    if (details.description) await this.form.getByLabel('Description').fill(details.description)
    await this.level.selectOption({ label: details.level })
    if (details.creators) await this.form.getByLabel(/Creators featured/).fill(details.creators)
    if (details.series) await this.form.getByLabel(/Series name/).fill(details.series)
    if (details.episode) await this.form.getByLabel(/Episode number/).fill(details.episode)
    await this.file.setInputFiles(details.file)
    await this.release.check()
    await this.publishable.check()
  }

  item(title: string): Locator {
    return this.queue.getByTestId('upload-item').filter({ hasText: title })
  }

  state(title: string): Locator {
    return this.item(title).getByTestId('upload-state')
  }

  /** The percent in an uploading row's text ("Uploading 42% · …"), or -1. */
  async uploadPercent(title: string): Promise<number> {
    const text = (await this.state(title).textContent()) ?? ''
    const match = /(\d+)%/.exec(text)
    return match ? Number(match[1]) : -1
  }
}
