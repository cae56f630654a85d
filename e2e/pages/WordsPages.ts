/** Words as a learner and an admin use them (issue 42): the placement, a card's share, "I knew the rest", the admin lexicon. */
import { expect, type Locator, type Page } from '@playwright/test'

export class Placement {
  readonly offer: Locator
  readonly dialog: Locator
  readonly done: Locator
  readonly more: Locator

  constructor(readonly page: Page) {
    this.offer = page.getByTestId('placement-offer')
    this.dialog = page.getByTestId('placement-dialog')
    this.done = page.getByTestId('placement-done')
    this.more = page.getByTestId('placement-more')
  }

  async start() {
    await this.offer.getByRole('button', { name: 'Choose words I know' }).click()
    await this.dialog.getByTestId('placement-word').first().waitFor()
  }

  /** "Save and show more": waits until the next words are shown. */
  async showMore() {
    const first = await this.dialog.getByTestId('placement-word').first().textContent()
    await this.more.click()
    await expect.poll(() => this.dialog.getByTestId('placement-word').first().textContent()).not.toBe(first)
  }

  /**
   * The placement's entry for a headword, going down the list ("Save and show more", nothing ticked)
   * until it is shown: other specs' videos on the shared server can rank their own words first.
   */
  async entry(headword: string): Promise<Locator> {
    const entry = this.dialog.getByTestId('placement-word').filter({ has: this.page.getByRole('checkbox', { name: new RegExp(`^${headword}\\b`) }) })
    for (let page = 0; page < 20 && (await entry.count()) === 0; page++) {
      await this.showMore()
    }
    return entry
  }

  /**
   * Ticks the headwords, going down the list ("Save and show more") until each is found: other specs'
   * videos on the shared server can rank their own words first.
   */
  async tickAndFinish(headwords: readonly string[]) {
    const left = new Set(headwords)
    for (let page = 0; left.size > 0 && page < 20; page++) {
      for (const headword of [...left]) {
        const box = this.dialog.getByRole('checkbox', { name: new RegExp(`^${headword}\\b`) })
        if ((await box.count()) === 0) continue
        await box.check()
        left.delete(headword)
      }
      if (left.size === 0) break
      await this.showMore()
    }
    expect([...left]).toEqual([])
    await this.done.click()
    await this.dialog.waitFor({ state: 'detached' })
  }
}

/** The share line of a card or of the video page. */
export const shareOf = (scope: Locator) => scope.getByTestId('word-share')

export class VideoWordsPanel {
  readonly panel: Locator
  readonly knewTheRest: Locator
  readonly snackbar: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('video-words')
    this.knewTheRest = page.getByTestId('knew-the-rest')
    this.snackbar = page.getByTestId('snackbar')
  }
}

export class AdminLexiconPage {
  readonly heading: Locator
  readonly search: Locator
  readonly message: Locator
  readonly editDialog: Locator
  readonly removeDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.search = page.getByRole('searchbox', { name: 'Search words' })
    this.message = page.getByTestId('admin-message')
    this.editDialog = page.getByTestId('lexicon-edit-dialog')
    this.removeDialog = page.getByTestId('lexicon-remove-dialog')
  }

  async open() {
    await this.page.goto('/admin-lexicon')
    await this.heading.waitFor()
  }

  row(headword: string): Locator {
    return this.page.getByTestId('admin-lexicon-row').filter({ has: this.page.getByText(headword, { exact: true }) })
  }

  async editGlosses(headword: string, glosses: readonly string[]) {
    await this.page.getByRole('button', { name: `Edit ${headword}` }).click()
    await this.editDialog.getByLabel('Meanings in English').fill(glosses.join('\n'))
    await this.editDialog.getByRole('button', { name: 'Save' }).click()
    await this.editDialog.getByTestId('lexicon-edit-status').filter({ hasText: 'is updated' }).waitFor()
    await this.editDialog.getByRole('button', { name: 'Done' }).click()
  }
}
