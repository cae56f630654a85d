/** Page models for captions: the player's captions choice and transcript, and the caption fields of the upload form. */
import type { Locator, Page } from '@playwright/test'

export class CaptionsPlayer {
  readonly choice: Locator
  readonly transcript: Locator
  readonly lines: Locator
  readonly currentLine: Locator

  constructor(readonly page: Page) {
    this.choice = page.getByTestId('player-captions')
    this.transcript = page.getByTestId('transcript')
    this.lines = this.transcript.getByRole('listitem')
    this.currentLine = this.transcript.locator('li[aria-current="true"]')
  }

  line(text: string | RegExp): Locator {
    return this.transcript.getByRole('button', { name: text })
  }

  /** The browser's own caption tracks: each one's language, mode, and the text of its cues on screen now. */
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

  /** The cues the browser draws over the video right now (those of the showing track). */
  async shownCues(): Promise<string[]> {
    return (await this.tracks()).filter((track) => track.mode === 'showing').flatMap((track) => track.active)
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
