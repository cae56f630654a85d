/** Page model of the player's own controls: the picture, the controls over it, the line tools, the settings sheet. */
import type { Locator, Page } from '@playwright/test'

export class PlayerModel {
  readonly video: Locator
  readonly frame: Locator
  readonly tap: Locator
  readonly controls: Locator
  readonly playButton: Locator
  readonly scrubber: Locator
  readonly settingsButton: Locator
  readonly sheet: Locator
  readonly sheetClose: Locator
  readonly captionsToggle: Locator
  readonly fullscreen: Locator
  readonly replay: Locator
  readonly previous: Locator
  readonly next: Locator
  readonly slow: Locator
  readonly loop: Locator
  readonly autoPause: Locator
  readonly listening: Locator
  readonly reveal: Locator
  readonly announcement: Locator
  /** The player in commute mode (the audio alone, artwork instead of a picture). */
  readonly audioOnly: Locator
  /** "Listen only" / "Show the video" under the player. */
  readonly listenSwitch: Locator
  /** The small play button at the start of the bar (a mouse, or a line-end pause). */
  readonly barPlay: Locator
  readonly captionsOverPicture: Locator
  /** Our Picture-in-Picture button (where the browser has an API for it). */
  readonly pictureInPicture: Locator

  constructor(readonly page: Page) {
    this.video = page.getByTestId('player-video')
    this.frame = page.getByTestId('player-frame')
    this.tap = page.getByTestId('player-tap')
    this.controls = page.getByTestId('player-controls')
    this.playButton = page.getByTestId('player-play')
    this.scrubber = page.getByTestId('player-scrubber')
    this.settingsButton = page.getByTestId('player-settings')
    this.sheet = page.getByTestId('player-sheet')
    this.sheetClose = page.getByTestId('player-sheet-close')
    this.captionsToggle = page.getByTestId('player-captions-toggle')
    this.fullscreen = page.getByTestId('player-fullscreen')
    this.replay = page.getByTestId('line-replay')
    this.previous = page.getByTestId('line-previous')
    this.next = page.getByTestId('line-next')
    this.slow = page.getByTestId('line-slow')
    this.loop = page.getByTestId('line-loop')
    this.autoPause = page.getByTestId('line-auto-pause')
    this.listening = page.getByTestId('listening-mode')
    this.reveal = page.getByTestId('player-reveal')
    this.announcement = page.getByTestId('player-announcement')
    this.audioOnly = page.getByTestId('player-audio-only')
    this.listenSwitch = page.getByTestId('listen-switch')
    this.barPlay = page.getByTestId('player-bar-play')
    this.captionsOverPicture = page.getByTestId('player-captions')
    this.pictureInPicture = page.getByTestId('player-pip')
  }

  /** Waits until the stream is attached (hls.js loads with the page's chunk). */
  async ready() {
    await this.page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.readyState ?? 0) >= 1)
  }

  /** The big play button, as a learner presses it (the controls show while paused). */
  async pressPlay() {
    await this.ready()
    await this.toPicture()
    await this.playButton.click()
  }

  /** Brings the picture into sight below the sticky navbar (the page opens with it at the top). */
  async toPicture() {
    await this.page.evaluate(() => window.scrollTo(0, 0))
  }

  /** A tap on the middle of the picture (no double-tap wait there). */
  async tapPicture() {
    await this.toPicture()
    const box = await this.tap.boundingBox()
    if (!box) throw new Error('the picture is not on screen')
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 4)
  }

  paused(): Promise<boolean> {
    return this.video.evaluate((element: HTMLVideoElement) => element.paused)
  }

  currentTime(): Promise<number> {
    return this.video.evaluate((element: HTMLVideoElement) => element.currentTime)
  }

  /**
   * Listens for the media's next seek, and gives where it landed: read at that moment, not later, when
   * the video may already have played on (on a loaded machine, past the line a replay went back to).
   */
  async nextSeek(): Promise<() => Promise<number>> {
    const seek = await this.video.evaluateHandle((element: HTMLVideoElement) => ({
      landed: new Promise<number>((resolve) => element.addEventListener('seeked', () => resolve(element.currentTime), { once: true })),
    }))
    return () => seek.evaluate((listening) => listening.landed)
  }

  /** Moves the media to `seconds` directly (a test shortcut for a drag on the scrubber). */
  seekTo(seconds: number): Promise<void> {
    return this.video.evaluate((element: HTMLVideoElement, to: number) => {
      element.currentTime = to
    }, seconds)
  }

  async openSettings() {
    await this.settingsButton.click()
    await this.sheet.waitFor({ state: 'visible' })
  }

  /** Picks a choice in the settings sheet by its group and label (Speed, 1.5×). */
  async choose(group: string, label: string) {
    await this.sheet.getByRole('group', { name: group }).getByRole('radio', { name: label, exact: true }).check()
  }
}
