/** The admin pages as an admin uses them: search, filter, a row, its actions and dialogs. */
import type { Locator, Page } from '@playwright/test'

class AdminListPage {
  readonly heading: Locator
  readonly search: Locator
  readonly message: Locator
  readonly loadMore: Locator

  constructor(
    readonly page: Page,
    readonly path: string,
    searchLabel: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.search = page.getByRole('searchbox', { name: searchLabel })
    this.message = page.getByTestId('admin-message')
    this.loadMore = page.getByRole('button', { name: 'Load more' })
  }

  async open() {
    await this.page.goto(this.path)
    await this.heading.waitFor()
  }

  /** The table row that holds this text (a title, a name, an e-mail). */
  row(text: string | RegExp): Locator {
    return this.page.getByRole('row').filter({ hasText: text })
  }
}

export class AdminUsersPage extends AdminListPage {
  readonly renameDialog: Locator

  constructor(page: Page) {
    super(page, '/admin-users', 'Search users')
    this.renameDialog = page.getByTestId('rename-dialog')
  }

  async find(text: string) {
    await this.search.fill(text)
  }

  async rename(email: string, name: string) {
    await this.row(email).getByRole('button', { name: /^Edit the display name of/ }).click()
    await this.renameDialog.getByLabel('Display name').fill(name)
    await this.renameDialog.getByRole('button', { name: 'Save' }).click()
  }

  async toggleContributor(email: string) {
    await this.row(email).getByRole('button', { name: /contributor/i }).click()
  }
}

export class AdminVideosPage extends AdminListPage {
  readonly accessFilter: Locator
  readonly thumbnailDialog: Locator

  constructor(page: Page) {
    super(page, '/admin-videos', 'Search videos')
    this.accessFilter = page.getByLabel('Access', { exact: true })
    this.thumbnailDialog = page.getByTestId('thumbnail-dialog')
  }

  accessSelect(title: string): Locator {
    return this.page.getByRole('combobox', { name: `Access level for ${title}` })
  }

  async openThumbnails(title: string) {
    await this.page.getByRole('button', { name: `Thumbnails for ${title}` }).click()
  }
}

export class AdminFeedbackPage extends AdminListPage {
  readonly range: Locator
  readonly dialog: Locator

  constructor(page: Page) {
    super(page, '/admin-feedback', 'Search feedback')
    this.range = page.getByLabel('Time range')
    this.dialog = page.getByTestId('feedback-view-dialog')
  }

  async view(id: number) {
    await this.page.getByRole('button', { name: `View feedback ${id}` }).click()
  }
}

export class AdminApplicationsPage extends AdminListPage {
  readonly status: Locator

  constructor(page: Page) {
    super(page, '/admin-applications', 'unused')
    this.status = page.getByLabel('Status')
  }
}

export class AdminJobsPage extends AdminListPage {
  readonly state: Locator

  constructor(page: Page) {
    super(page, '/admin-jobs', 'unused')
    this.state = page.getByLabel('State', { exact: true })
  }

  /** The row of job `id` (its name ends "#id"). */
  job(id: number): Locator {
    return this.row(new RegExp(`#${id}(?!\\d)`))
  }

  async retry(id: number) {
    await this.job(id).getByRole('button', { name: `Retry job ${id} now` }).click()
  }
}
