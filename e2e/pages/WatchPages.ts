/** Page models for watching: the video list, one video (player, comments) and the progress page. */
import type { Locator, Page } from '@playwright/test'

export class VideosPage {
  readonly list: Locator
  readonly cards: Locator
  readonly search: Locator
  readonly level: Locator
  readonly access: Locator
  readonly sort: Locator
  readonly hideFinished: Locator
  readonly more: Locator
  readonly empty: Locator
  /** The one line of controls above the videos (search, chips, Filters). */
  readonly toolbar: Locator
  readonly filtersButton: Locator
  readonly sheet: Locator
  readonly showResults: Locator
  readonly dialect: Locator
  readonly guide: Locator
  readonly captions: Locator
  readonly freeChip: Locator
  /** The chips of the filters in use; a tap clears one. */
  readonly activeFilters: Locator

  constructor(readonly page: Page) {
    this.list = page.getByTestId('video-list')
    this.empty = page.getByTestId('videos-empty')
    this.cards = page.getByTestId('video-card')
    this.search = page.getByTestId('videos-search')
    this.level = page.getByTestId('videos-level')
    this.access = page.getByTestId('videos-access')
    this.sort = page.getByTestId('videos-sort')
    this.hideFinished = page.getByTestId('videos-hide-finished')
    this.more = page.getByTestId('videos-more')
    this.toolbar = page.getByTestId('videos-toolbar')
    this.filtersButton = page.getByTestId('videos-filters')
    this.sheet = page.getByTestId('videos-filters-sheet')
    this.showResults = page.getByTestId('videos-show-results')
    this.dialect = page.getByTestId('videos-dialect')
    this.guide = page.getByTestId('videos-guide')
    this.captions = page.getByTestId('videos-captions')
    this.freeChip = page.getByTestId('videos-chip-free')
    this.activeFilters = page.getByTestId('videos-active-filter')
  }

  /** Opens the Filters sheet, makes the changes there, and closes it to see the videos. */
  async inSheet(change: () => Promise<unknown>) {
    await this.filtersButton.click()
    await this.sheet.waitFor()
    await change()
    await this.showResults.click()
    await this.sheet.waitFor({ state: 'detached' })
  }

  async open(code: string) {
    await this.page.goto(`/languages/${code}/videos`)
    await this.list.waitFor({ state: 'attached' }) // an empty list has no size
  }

  card(title: string): Locator {
    return this.cards.filter({ hasText: title })
  }
  /** The access badge on a card's picture ("Premium", "Preview"), when the learner's access is limited. */
  badge(title: string): Locator {
    return this.card(title).locator('.video-thumb-badge')
  }

  /** The Download button under a card. */
  download(title: string): Locator {
    return this.card(title).getByTestId('download-start')
  }

}

export class VideoPage {
  readonly video: Locator
  readonly speed: Locator
  readonly comments: Locator
  readonly commentInput: Locator
  readonly commentSubmit: Locator
  readonly commentError: Locator
  readonly pendingComments: Locator
  /** The comments the server's list holds (not this person's unsent ones). */
  readonly listedComments: Locator
  /** Offline: the note over the comments last seen, saying when they were saved. */
  readonly savedCommentsNote: Locator
  readonly commentsFailed: Locator
  readonly upgradePrompt: Locator
  readonly commentsUpgrade: Locator
  /** What the page says instead of the video (loading, not found, could not load). */
  readonly state: Locator
  readonly needsConnection: Locator
  readonly retry: Locator
  readonly facts: Locator

  constructor(readonly page: Page) {
    this.video = page.getByTestId('player-video')
    this.speed = page.getByTestId('player-speed')
    this.comments = page.getByTestId('comments')
    this.commentInput = page.getByTestId('comment-input')
    this.commentSubmit = page.getByTestId('comment-submit')
    this.commentError = page.getByTestId('comment-error')
    this.pendingComments = page.getByTestId('comment-pending')
    this.listedComments = page.getByTestId('comment')
    this.savedCommentsNote = page.getByTestId('comments-saved')
    this.commentsFailed = page.getByTestId('comments-failed')
    this.upgradePrompt = page.getByTestId('upgrade-prompt')
    this.commentsUpgrade = page.getByTestId('comments-upgrade')
    this.state = page.getByTestId('video-state')
    this.needsConnection = page.getByTestId('video-needs-connection')
    this.retry = page.getByTestId('video-retry')
    this.facts = page.locator('.video-facts')
  }

  async open(code: string, id: number) {
    await this.page.goto(`/languages/${code}/videos/${id}`)
  }

  /** Starts playback the way a click on play would (muted, so no autoplay rule gets in the way). */
  async play() {
    // hls.js attaches the stream after the element mounts; a play() before that is cut short by the load.
    await this.page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.readyState ?? 0) >= 1)
    await this.video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true
      await element.play()
    })
  }

  async pause(): Promise<number> {
    return this.video.evaluate((element: HTMLVideoElement) => {
      element.pause()
      return element.currentTime
    })
  }

  currentTime(): Promise<number> {
    return this.video.evaluate((element: HTMLVideoElement) => element.currentTime)
  }

  /** Waits until the media has played to `seconds` (real playback, not a seek). */
  async playUntil(seconds: number) {
    await this.page.waitForFunction(
      (target) => {
        const element = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
        return element !== null && element.currentTime >= target
      },
      seconds,
      { timeout: (seconds + 20) * 1000, polling: 250 },
    )
  }

  /** Waits until the player holds media up to `seconds` (so it can play that far without the network). */
  async bufferedTo(seconds: number) {
    await this.page.waitForFunction(
      (target) => {
        const element = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
        const ranges = element?.buffered
        return ranges !== undefined && ranges.length > 0 && ranges.end(ranges.length - 1) >= target
      },
      seconds,
      { polling: 250 },
    )
  }

  async postComment(text: string) {
    await this.commentInput.fill(text)
    await this.commentSubmit.click()
  }
}

export class ProgressPage {
  readonly failed: Locator
  readonly stats: Locator
  readonly inProgress: Locator
  readonly chart: Locator
  /** Under the chart: how the time was spent (watched, listened). */
  readonly timeSpent: Locator

  constructor(readonly page: Page) {
    this.timeSpent = page.getByTestId('progress-time-spent')
    this.failed = page.getByTestId('progress-failed')
    this.stats = page.getByTestId('progress-stats')
    this.inProgress = page.getByTestId('in-progress')
    this.chart = page.getByTestId('daily-chart')
  }

  async open(code: string) {
    await this.page.goto(`/languages/${code}/progress`)
  }
}

/** The navbar's goal bar and sync indicator, read as numbers. */
export class SyncStatus {
  readonly goalBar: Locator
  readonly indicator: Locator

  constructor(readonly page: Page) {
    this.goalBar = page.getByTestId('goal-bar')
    this.indicator = page.getByTestId('sync-indicator')
  }

  async goalSeconds(): Promise<number> {
    return Number(await this.goalBar.getAttribute('data-seconds'))
  }

  async pending(): Promise<number> {
    return Number(await this.indicator.getAttribute('data-pending'))
  }
}
