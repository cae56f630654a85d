/** Page model of saved lines: Save among the line tools, the transcript's mark, and the review page. */
import { expect, type Locator, type Page } from '@playwright/test'

export class SaveLine {
  readonly button: Locator
  readonly savedMarks: Locator
  constructor(readonly page: Page) {
    this.button = page.getByTestId('line-save')
    this.savedMarks = page.getByTestId('transcript-saved')
  }
}

export class ReviewPage {
  readonly card: Locator
  readonly play: Locator
  readonly reveal: Locator
  readonly line: Locator
  readonly translation: Locator
  readonly summary: Locator
  readonly empty: Locator
  readonly done: Locator
  readonly openInVideo: Locator
  readonly exportButton: Locator
  readonly noAudio: Locator

  constructor(readonly page: Page) {
    this.card = page.getByTestId('review-card')
    this.play = page.getByTestId('review-play')
    this.reveal = page.getByTestId('review-reveal')
    this.line = page.getByTestId('review-line')
    this.translation = page.getByTestId('review-translation')
    this.summary = page.getByTestId('review-summary')
    this.empty = page.getByTestId('review-empty')
    this.done = page.getByTestId('review-done')
    this.openInVideo = page.getByTestId('review-open-video')
    this.exportButton = page.getByTestId('review-export')
    this.noAudio = page.getByTestId('review-no-audio')
  }

  async open(code: string) {
    await this.page.goto(`/languages/${code}/review`)
  }

  /** A word of the revealed line, by its text as the line spells it (a button opening its sheet). */
  word(text: string): Locator {
    return this.line.getByTestId('word').filter({ hasText: new RegExp(`^${text}$`) })
  }

  grade(rating: 1 | 2 | 3 | 4): Locator {
    return this.page.getByTestId(`review-grade-${rating}`)
  }

  /**
   * Waits until the hidden <audio> of the card has really played (its time moving past 0.1 s). Polled
   * rather than awaited as a 'playing' event: under load the event can fire before this looks, with
   * the time still at 0, and a listener added then waits for ever (the test's 3-minute timeout in CI).
   */
  async heardAudio(): Promise<{ currentTime: number; src: string }> {
    const audio = this.page.getByTestId('review-audio')
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.1)
    return audio.evaluate((element: HTMLAudioElement) => ({ currentTime: element.currentTime, src: element.src }))
  }
}
