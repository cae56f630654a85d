/** Page models for captions: the player's caption toggles and transcript, and the caption fields of the upload form. */
import type { Locator, Page } from '@playwright/test'

export class CaptionsPlayer {
  readonly transcript: Locator
  readonly lines: Locator
  readonly currentLine: Locator
  /** Shown while the transcript does not follow the video (the learner scrolled it). */
  readonly backToCurrent: Locator
  /** The English under each line (shown while English is on). */
  readonly translations: Locator
  /** The transcript's own English on/off. */
  readonly englishToggle: Locator

  constructor(readonly page: Page) {
    this.transcript = page.getByTestId('transcript')
    this.backToCurrent = page.getByTestId('transcript-back')
    this.lines = this.transcript.getByRole('listitem')
    this.currentLine = this.transcript.locator('li[aria-current="true"]')
    this.translations = this.transcript.getByTestId('transcript-translation')
    this.englishToggle = this.transcript.getByTestId('transcript-english')
  }

  /** Whether the current line shows inside the transcript's scrolled box (whatever the page's own scroll). */
  currentLineInView(): Promise<boolean> {
    return this.currentLine.evaluate((line) => {
      const list = line.closest('ol')
      if (!list) return false
      const box = list.getBoundingClientRect()
      const item = line.getBoundingClientRect()
      return item.top >= box.top - 1 && item.bottom <= box.bottom + 1
    })
  }

  /** The on/off button of one caption track under the picture (aria-pressed says which). */
  toggle(language: 'vi' | 'en'): Locator {
    return this.page.getByTestId(`captions-${language}`)
  }

  /** Which tracks are on, as the toggles say. */
  async chosen(): Promise<string[]> {
    const on: string[] = []
    for (const language of ['vi', 'en'] as const) {
      if ((await this.toggle(language).getAttribute('aria-pressed')) === 'true') on.push(language)
    }
    return on
  }

  line(text: string | RegExp): Locator {
    return this.transcript.getByRole('button', { name: text })
  }

  /** The browser's caption tracks (loaded for their cues, never drawn by it): language, mode, active cues. */
  tracks(): Promise<Array<{ language: string; mode: string; active: string[] }>> {
    return this.page.getByTestId('player-video').evaluate((video: HTMLVideoElement) =>
      Array.from(video.textTracks).map((track) => ({
        language: track.language,
        mode: track.mode,
        active: Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text),
      })),
    )
  }

  /** One track's link (signed under the stream's grant) and the text of every cue the browser loaded from it. */
  track(language: string): Promise<{ url: string; cues: string[] } | null> {
    return this.page.getByTestId('player-video').evaluate((video: HTMLVideoElement, lang: string) => {
      const element = Array.from(video.querySelectorAll('track')).find((candidate) => candidate.srclang === lang)
      return element ? { url: element.src, cues: Array.from(element.track.cues ?? []).map((cue) => (cue as VTTCue).text) } : null
    }, language)
  }

  /** The captions drawn over the picture right now, top to bottom (Vietnamese above English). */
  shownCues(): Promise<string[]> {
    return this.page.getByTestId('player-captions').locator('.player-cue').allTextContents()
  }

  /** The same, with each line's track: never two lines of one track at once. */
  async shownCuesByTrack(): Promise<Array<{ language: string; text: string }>> {
    return this.page.locator('[data-testid="player-captions"] .player-cue').evaluateAll((cues) => cues.map((cue) => ({ language: cue.getAttribute('lang') ?? '', text: cue.textContent ?? '' })))
  }
}

export class CaptionFields {
  readonly dialect: Locator
  readonly vietnamese: Locator
  readonly english: Locator

  constructor(readonly page: Page) {
    this.dialect = page.getByTestId('upload-dialect')
    this.vietnamese = page.getByTestId('caption-file-vi')
    this.english = page.getByTestId('caption-file-en')
  }
}
