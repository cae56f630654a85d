/**
 * The captioning studio and the real server, in real Chromium at 1366×900 (issue 44):
 * - two devices (two browser contexts: each its own IndexedDB, so each its own draft) edit the same
 *   track; the second save is refused (412, If-Match) and the contributor chooses: "keep mine" puts
 *   this device's lines on the server, "take theirs" loads the other device's here. What the server
 *   holds after each choice is read back from it.
 * - the waveform: while processing has not made the ladder the server answers 202 and the timeline
 *   says the waveform is being drawn; once the job has made it (200) the timeline draws it.
 * Screenshots at 1366×900 and 390×844.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Locator, Page } from '@playwright/test'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { mediaDir } from '../sync-server/src/storage/media-paths.ts'
import { expectNoSeriousViolations } from './axe.ts'
import type { TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, test, type Fixtures } from './fixtures.ts'
import { StudioPage } from './pages/StudioPage.ts'
import { deviceOf, processedSubmission, serverTrack, webVtt } from './studio-fixtures.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const LINES = ['Xin chào các bạn.', 'Hôm nay tôi đi chợ.', 'Mẹ mua rau và cá.']

test.use({ viewport: { width: 1366, height: 900 } })

async function shoot(page: Page, name: string) {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}

async function texts(studio: StudioPage): Promise<string[]> {
  return studio.cues.getByTestId('cue-text').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value))
}

/**
 * Device A (the fixture's page) and device B (a browser context of its own) open the studio on a track
 * the server holds; A changes the first line and saves; B, still on the version it loaded, changes the
 * second line and saves: the server refuses it and B is asked.
 */
async function conflictingSaves({ page, browser, server, signInAs }: { page: Page; browser: Browser; server: TestServer; signInAs: Fixtures['signInAs'] }) {
  const owner = await signInAs({ contributor: true })
  const id = await processedSubmission(server, owner.user.id, `Hai máy ${Date.now().toString(36)}`)
  await server.ctx.services.captions.save(id, 'vi', webVtt(LINES))
  const deviceA = new StudioPage(page)
  await deviceA.goto(id)
  const other = await deviceOf(browser, server, `/submissions/${id}/studio`, owner)
  const deviceB = new StudioPage(other.page)
  await deviceB.kept.waitFor()
  for (const studio of [deviceA, deviceB]) expect(await texts(studio)).toEqual(LINES)

  await deviceA.editLine(0, 'Xin chào cả nhà.')
  await deviceA.save()
  const theirs = await serverTrack(server, owner.token, id, 'vi')
  expect(theirs).toContain('Xin chào cả nhà.')

  await deviceB.editLine(1, 'Hôm nay mình đi chợ.')
  await other.page.getByRole('button', { name: 'Save to the server' }).click()
  const choice = other.page.getByRole('alertdialog')
  await expect(choice).toContainText("Someone saved the captions in the video's language on another device or tab since you opened them.")
  await expect(choice.getByRole('button', { name: 'Keep mine' })).toBeVisible()
  await expect(choice.getByRole('button', { name: 'Take theirs' })).toBeVisible()
  // Refused, not written: the server still holds A's version.
  expect(await serverTrack(server, owner.token, id, 'vi')).toBe(theirs)
  return { id, owner, deviceA, deviceB, other, choice, theirs }
}

test('a save over a newer version from another device is refused with a choice; "keep mine" puts this device\'s lines on the server', async ({ page, browser, server, signInAs }) => {
  test.setTimeout(90_000)
  const { id, owner, deviceB, other, choice } = await conflictingSaves({ page, browser, server, signInAs })
  await expectNoSeriousViolations(other.page)
  await shoot(other.page, 'studio-conflict')

  await choice.getByRole('button', { name: 'Keep mine' }).click()
  await expect(choice).toBeHidden()
  await expect(deviceB.serverState).toHaveText('Saved to the server', { timeout: 60_000 })
  // The server holds B's lines as B had them: B's second line, and the first line B loaded (A's change replaced, as chosen).
  const held = await serverTrack(server, owner.token, id, 'vi')
  expect(held).toContain('Hôm nay mình đi chợ.')
  expect(held).toContain('Xin chào các bạn.')
  expect(held).not.toContain('Xin chào cả nhà.')
  expect(await texts(deviceB)).toEqual(['Xin chào các bạn.', 'Hôm nay mình đi chợ.', LINES[2]])
  await other.close()
})

test('"take theirs" loads the other device\'s version, the server keeps it, and the next save from here goes through', async ({ page, browser, server, signInAs }) => {
  test.setTimeout(90_000)
  const { id, owner, deviceB, other, choice, theirs } = await conflictingSaves({ page, browser, server, signInAs })

  await choice.getByRole('button', { name: 'Take theirs' }).click()
  await expect(choice).toBeHidden()
  // B now shows A's lines (B's own change to line 2 given up, as chosen), and nothing is left to save.
  await expect.poll(() => texts(deviceB)).toEqual(['Xin chào cả nhà.', LINES[1], LINES[2]])
  await expect(deviceB.serverState).toHaveText('Saved to the server')
  expect(await serverTrack(server, owner.token, id, 'vi')).toBe(theirs)

  // B is on the server's version now: its next change saves without a conflict, over A's.
  await deviceB.editLine(2, 'Mẹ mua rau, thịt và cá.')
  await deviceB.save()
  const held = await serverTrack(server, owner.token, id, 'vi')
  expect(held).toContain('Xin chào cả nhà.')
  expect(held).toContain('Mẹ mua rau, thịt và cá.')
  await other.close()
})

/** How many pixels of the waveform's canvas are inked away from its centre line (0: no audio drawn). */
function inkedAwayFromCentre(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { width, height } = element
    const data = element.getContext('2d')!.getImageData(0, 0, width, height).data
    const middle = height / 2
    let count = 0
    for (let y = 0; y < height; y++) {
      if (Math.abs(y - middle) <= 3) continue
      for (let x = 0; x < width; x++) if (data[(y * width + x) * 4 + 3]! > 0) count++
    }
    return count
  })
}

test('the timeline says the waveform is being made while the server answers 202, and draws it once the job has made it (200)', async ({ page, server, signInAs }) => {
  test.setTimeout(90_000)
  const owner = await signInAs({ contributor: true })
  // Uploaded and still processing: no ladder yet, so no waveform yet (202).
  const { id } = await server.ctx.database.db
    .insertInto('submissions')
    .values({ user_id: owner.user.id, client_id: null, title: `Sóng âm ${Date.now().toString(36)}`, proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: null, duration_seconds: 12, published_video_id: null, created_at: new Date().toISOString(), upload_state: 'complete', processing_state: 'processing', processing_percent: 60 })
    .returning('id')
    .executeTakeFirstOrThrow()
  await server.ctx.services.captions.save(id, 'vi', webVtt(LINES))
  const waveforms: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith(`/submissions/${id}/waveform`)) waveforms.push(response.status())
  })

  const studio = new StudioPage(page)
  await studio.goto(id)
  const slot = page.getByTestId('timeline-slot')
  const canvas = slot.getByTestId('waveform-canvas')
  await expect(slot).toHaveAttribute('data-waveform', 'pending')
  await expect(slot.getByRole('status')).toHaveText('Drawing the waveform…')
  // The cues are on the timeline meanwhile, over an empty track.
  await expect(slot.getByTestId('cue-block')).toHaveCount(3)
  expect(await inkedAwayFromCentre(canvas)).toBe(0)
  expect(waveforms[0]).toBe(202)
  await shoot(page, 'studio-waveform-pending')

  // Processing finishes as the transcoder leaves it: the ladder (with its audio rendition) in place, and the waveform job queued.
  const mediaKey = makeHlsFixture(server.dataDir, 12, { audioOnly: true })
  await server.ctx.database.db.updateTable('submissions').set({ media_key: mediaKey, processing_state: 'ready', processing_percent: 100 }).where('id', '=', id).execute()
  await server.ctx.services.waveform.enqueue(id, mediaKey)
  await server.ctx.jobs.whenIdle()
  expect(fs.existsSync(path.join(mediaDir(server.dataDir, mediaKey), 'waveform.json'))).toBe(true)

  // The studio asks again after the server's Retry-After, gets the peaks, and draws them.
  await expect(slot).toHaveAttribute('data-waveform', 'ready', { timeout: 20_000 })
  await expect(slot.getByText('Drawing the waveform…')).toHaveCount(0)
  await expect.poll(() => inkedAwayFromCentre(canvas)).toBeGreaterThan(0)
  expect(waveforms.at(-1)).toBe(200)
  expect(waveforms.slice(0, -1).every((status) => status === 202)).toBe(true)
  await expect(slot.getByTestId('cue-block')).toHaveCount(3)
  await shoot(page, 'studio-waveform-drawn')
})
