/**
 * Page models for the learner's compass: the rating question and my rating on the video page, up
 * next, the list's rows, difficulty and filter, and the progress page's year heatmap.
 */
import type { Locator, Page } from '@playwright/test'

export class RatingQuestion {
  readonly prompt: Locator
  readonly status: Locator
  readonly skip: Locator
  readonly mine: Locator
  readonly mineValue: Locator
  readonly change: Locator

  constructor(readonly page: Page) {
    this.prompt = page.getByTestId('rating-prompt')
    this.status = page.getByTestId('rating-status')
    this.skip = page.getByTestId('rating-skip')
    this.mine = page.getByTestId('my-rating')
    this.mineValue = page.getByTestId('my-rating-value')
    this.change = page.getByTestId('my-rating-change')
  }

  /** Answers in the open prompt, by the words a learner reads ("Most of it"). */
  async answer(words: string) {
    await this.prompt.getByRole('radio', { name: words }).check()
  }
}

export class UpNextPanel {
  readonly root: Locator
  readonly title: Locator
  readonly countdown: Locator
  readonly cancel: Locator
  readonly playNow: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('up-next')
    this.title = page.getByTestId('up-next-title')
    this.countdown = page.getByTestId('up-next-countdown')
    this.cancel = page.getByTestId('up-next-cancel')
    this.playNow = page.getByTestId('up-next-play')
  }
}

export class ListCompass {
  readonly continueWatching: Locator
  readonly nextForYou: Locator
  readonly difficultyMin: Locator
  readonly difficultyMax: Locator

  constructor(readonly page: Page) {
    this.continueWatching = page.getByTestId('continue-watching')
    this.nextForYou = page.getByTestId('next-for-you')
    this.difficultyMin = page.getByTestId('videos-difficulty-min')
    this.difficultyMax = page.getByTestId('videos-difficulty-max')
  }

  /** A card's difficulty as shown (null when hidden: fewer than 5 ratings). */
  async difficultyOf(card: Locator): Promise<number | null> {
    const tag = card.getByTestId('video-difficulty')
    if ((await tag.count()) === 0) return null
    return Number(await tag.getAttribute('data-score'))
  }
}

export class YearHeatmap {
  readonly root: Locator
  readonly today: Locator
  readonly months: Locator
  readonly nextLevel: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('year-heatmap')
    this.today = page.getByTestId('heatmap-today')
    this.months = page.getByTestId('heatmap-months')
    this.nextLevel = page.getByTestId('next-level')
  }

  /** The square of one local day (YYYY-MM-DD). */
  day(date: string): Locator {
    return this.root.locator(`rect[data-date="${date}"]`)
  }
}
