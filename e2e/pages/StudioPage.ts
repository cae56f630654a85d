/** The captioning studio (/submissions/:id/studio), as a contributor works in it: write, time, fix, English, save. */
import { expect, type Locator, type Page } from '@playwright/test'

export class StudioPage {
  readonly video: Locator
  readonly kept: Locator
  readonly serverState: Locator
  readonly cues: Locator

  constructor(readonly page: Page) {
    this.video = page.getByTestId('studio-video')
    this.kept = page.getByTestId('studio-kept')
    this.serverState = page.getByTestId('studio-server-state')
    this.cues = page.getByTestId('studio-cue')
  }

  async goto(submissionId: number) {
    await this.page.goto(`/submissions/${submissionId}/studio`)
    await this.kept.waitFor()
  }

  async step(name: 'Write' | 'Time' | 'Fix' | 'English' | 'Glossary' | 'Preview') {
    await this.page.getByRole('navigation', { name: 'Studio steps' }).getByRole('button', { name }).click()
  }

  /** Waits until everything typed is kept on the device. */
  async keptOnDevice() {
    await expect(this.kept).toHaveText('Kept on this device')
  }

  async writeLines(lines: string[]) {
    await this.page.getByLabel('Transcript, one caption a line').fill(lines.join('\n'))
    await this.keptOnDevice()
  }

  /** Plays the video (muted, as a page may without a gesture) from the start. */
  async play() {
    await this.video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true
      element.currentTime = 0
      await element.play()
    })
  }

  async playbackReaches(seconds: number) {
    await this.page.waitForFunction(([selector, at]) => (document.querySelector(selector) as HTMLVideoElement | null)!.currentTime >= at, ['[data-testid="studio-video"]', seconds] as const)
  }

  /** Presses the studio's key the moment the video reaches `seconds`, with focus on no button. */
  async pressNextLineAt(seconds: number, key: 'Space' | 'Enter' = 'Space') {
    await this.playbackReaches(seconds)
    await this.page.getByTestId('time-current').click()
    await this.page.keyboard.press(key)
  }

  cue(index: number): Locator {
    return this.cues.nth(index)
  }

  async times(): Promise<Array<[number, number]>> {
    const rows = await this.cues.all()
    const read = async (row: Locator, id: string) => toSeconds(await row.getByTestId(id).inputValue())
    return Promise.all(rows.map(async (row) => [await read(row, 'cue-start'), await read(row, 'cue-end')] as [number, number]))
  }

  /** Chooses a cue in the Fix list (by its number, so focus stays out of its text) and presses a key. */
  async pressOnCue(index: number, key: string) {
    await this.cue(index).locator('.studio-cue-number').click()
    await this.page.keyboard.press(key)
  }

  /** The row holding the focus in the Fix list: its place (0-based) and whether it is wholly in sight. */
  focusedRow(): Promise<{ index: number; inView: boolean } | null> {
    return this.page.evaluate(rowInSight, '[data-testid="studio-cue"]:focus-within')
  }

  /** The row of the cue the video is on, as the list marks it: its place and whether it is wholly in sight. */
  playingRow(): Promise<{ index: number; inView: boolean } | null> {
    return this.page.evaluate(rowInSight, '[data-testid="studio-cue"].is-playing')
  }

  /** The row the find box is on (its current match): its place and whether it is wholly in sight. */
  matchRow(): Promise<{ index: number; inView: boolean } | null> {
    return this.page.evaluate(rowInSight, '[data-find-current="true"]')
  }

  /** The find and replace box (Ctrl+F inside the studio). */
  get findBar(): Locator {
    return this.page.getByTestId('find-bar')
  }

  get findCount(): Locator {
    return this.page.getByTestId('find-count')
  }

  /** Opens the studio's find box with Ctrl+F and types `query` in it. */
  async find(query: string) {
    await this.page.keyboard.press('Control+f')
    const field = this.findBar.getByRole('searchbox', { name: 'Find in the lines' })
    await expect(field).toBeFocused()
    await field.fill(query)
  }

  /** The texts of the Fix list's rows drawn now, by their place in the list. */
  async drawnTexts(): Promise<Map<number, string>> {
    const rows = await this.cues.evaluateAll((items) => items.map((item) => [Number((item as HTMLElement).dataset.index), (item.querySelector('textarea') as HTMLTextAreaElement).value] as const))
    return new Map(rows)
  }

  /** Drags an edge of the index-th block of the timeline by `dx` pixels with the pointer, and lets go. */
  async dragEdge(index: number, edge: 'start' | 'end', dx: number) {
    const handle = this.page.getByTestId('timeline-slot').getByTestId('cue-block').nth(index).getByTestId(`cue-edge-${edge}`)
    const box = (await handle.boundingBox())!
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await this.page.mouse.move(x, y)
    await this.page.mouse.down()
    for (let step = 1; step <= 5; step++) await this.page.mouse.move(x + (dx * step) / 5, y)
    await this.page.mouse.up()
  }

  /** Glosses the glossary step's suggestion `word` with one meaning, and waits for the glossary to be saved. */
  async gloss(word: string, meaning: string) {
    const row = this.page.getByTestId('glossary-row').filter({ has: this.page.getByText(word, { exact: true }) }).first()
    await row.getByRole('button', { name: `Gloss “${word}”` }).click()
    await row.getByTestId('gloss-input').first().fill(meaning)
    await row.getByRole('button', { name: 'Save' }).click()
    await expect(row.getByTestId('glossary-meanings')).toHaveText(meaning)
    await expect(this.page.getByTestId('glossary-status')).toHaveText('Glossary saved.')
  }

  /** Rewrites the index-th cue's text in the Fix step's list, and waits until it is kept on the device. */
  async editLine(index: number, text: string) {
    await this.cue(index).getByTestId('cue-text').fill(text)
    await this.keptOnDevice()
  }

  async writeEnglish(lines: string[]) {
    const inputs = this.page.getByTestId('english-input')
    for (const [i, line] of lines.entries()) await inputs.nth(i).fill(line)
    await this.keptOnDevice()
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save to the server' }).click()
    // The server parses and segments the track off its main thread: a first save on a busy machine takes a while.
    await expect(this.serverState).toHaveText('Saved to the server', { timeout: 60_000 })
  }
}

/**
 * The first row matching `selector`: its place and whether it is wholly in sight, that is inside the
 * viewport and below the sticky navigation bar (a row under the bar is not seen).
 */
function rowInSight(selector: string): { index: number; inView: boolean } | null {
  const row = document.querySelector<HTMLElement>(selector)
  if (!row) return null
  const box = row.getBoundingClientRect()
  const barBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0
  return { index: Number(row.dataset.index), inView: box.top >= barBottom && box.bottom <= window.innerHeight }
}

function toSeconds(text: string): number {
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0)
}
