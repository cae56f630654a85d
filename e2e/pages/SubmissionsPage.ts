/** /submissions: one card per submission, with its badges and actions, and the admin's publish form. */
import type { Locator, Page } from '@playwright/test'

export class SubmissionsPage {
  readonly list: Locator
  readonly notice: Locator

  constructor(readonly page: Page) {
    this.list = page.getByTestId('submission-list')
    this.notice = page.getByTestId('submissions-notice')
  }

  async goto() {
    await this.page.goto('/submissions')
  }

  card(title: string): Locator {
    return this.page.getByTestId('submission').filter({ has: this.page.getByRole('heading', { name: title }) })
  }

  async delete(title: string) {
    await this.card(title).getByRole('button', { name: 'Delete' }).click()
    const dialog = this.page.getByTestId('delete-dialog')
    await dialog.getByText('Are you sure you want to delete this submission?').waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
  }

  async openPublish(title: string): Promise<Locator> {
    await this.card(title).getByRole('button', { name: 'Publish' }).click()
    const dialog = this.page.getByTestId('publish-dialog')
    await dialog.waitFor()
    return dialog
  }
}
