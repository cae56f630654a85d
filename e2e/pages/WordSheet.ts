/** Page model of words: a word of the transcript or of the picture's captions, and the sheet a tap opens. */
import type { Locator, Page } from '@playwright/test'

export class WordSheetModel {
  readonly sheet: Locator
  readonly title: Locator
  readonly glosses: Locator
  readonly unknown: Locator
  readonly tones: Locator
  readonly close: Locator

  constructor(readonly page: Page) {
    this.sheet = page.getByTestId('word-sheet')
    this.title = this.sheet.getByRole('heading')
    this.glosses = page.getByTestId('word-glosses')
    this.unknown = page.getByTestId('word-unknown')
    this.tones = page.getByTestId('word-tones')
    this.close = page.getByTestId('word-sheet-close')
  }

  /** A word of the transcript's line `line` (0-based), by its text as the line spells it. */
  transcriptWord(line: number, text: string): Locator {
    return this.page.getByTestId('transcript').locator('li').nth(line).getByTestId('word').filter({ hasText: new RegExp(`^${text}$`) })
  }

  /** A word of the Vietnamese caption over the picture. */
  pictureWord(text: string): Locator {
    return this.page.getByTestId('player-cue-vi').getByTestId('word').filter({ hasText: new RegExp(`^${text}$`) })
  }

  /** One of New / Learning / Known / Ignore. */
  stateButton(state: 'new' | 'learning' | 'known' | 'ignored'): Locator {
    return this.page.getByTestId(`word-state-${state}`)
  }

  async mark(state: 'new' | 'learning' | 'known' | 'ignored') {
    await this.stateButton(state).click()
  }
}
