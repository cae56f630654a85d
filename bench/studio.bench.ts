/**
 * The captioning studio's speed (issue 44 "Speed"), `npm run bench -- studio`: the studio's timeline and
 * glossary panels on a page of their own (bench/studio/, built here with Vite and served by the real
 * server, whose API the glossary reads), in Chromium at 1366×900 under 4× CPU slowdown (CDP
 * Emulation.setCPUThrottlingRate), with 600 cues over 30 minutes:
 * - the waveform of 30 minutes (90,000 peaks at 50 a second) drawn: from its answer's body arriving to
 *   the first frame painted after the draw; floor: the same body parsed and an empty canvas of the same
 *   size drawn and painted, in the same page. Goal < 200 ms (the worst of ROUNDS);
 * - dragging a cue's start edge by mouse (pointer down, 8 moves, up: the studio's list of 600 changes once, on
 *   release), its interaction's duration from the Event Timing API (as INP counts it), and the longest
 *   animation frame during the moves; and nudging an edge with the arrow key. Floor: a plain element
 *   dragged by hand on the same page (style.left on each move). Goal: the worst interaction < 100 ms.
 * - the studio itself (its screen on a draft of 600 timed cues in IndexedDB, over the server's waveform):
 *   typing in a cue's text, dragging an edge on its timeline, nudging an edge with the arrow key and a
 *   cue with `]` in the list, each interaction by Event Timing, each round waiting until the change is
 *   kept on the device (the write and the draft read back from IndexedDB count in the longest frame).
 *   Floor: the same plain element dragged by hand on the studio's page. Goal: the worst < 100 ms.
 * Then screenshots of the two panels at 1366×900 and 390×844 (English and Vietnamese) into bench/results/.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { mediaDir, newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { CHROMIUM, CHROMIUM_FLAGS, median, signedInStorage } from './lib/browser.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const STUDIO_GOALS = { drawMs: 200, inpMs: 100 } as const
const ROUNDS = Number(process.env.STUDIO_ROUNDS ?? 7)
const CPU_SLOWDOWN = 4
const SCRIPT = [
  'Xin chào các bạn, hôm nay mình đi chợ Bến Thành.',
  'Ở đây có bán phở, bún chả và bánh mì.',
  'Mình thích ăn bánh mì với cà phê sữa đá.',
  'Chị bán hàng nói giọng miền Nam rất dễ thương.',
  'Mình đi xe ôm về nhà, đường hơi đông.',
  'Bánh mì ở chợ Bến Thành rất ngon và rẻ.',
  'Hẹn gặp lại các bạn lần sau nhé!',
]

export interface StudioBenchResult {
  drawWorstMs: number
  drawMedianMs: number
  drawFloorMedianMs: number
  dragWorstMs: number
  dragMedianMs: number
  dragLongestFrameMs: number
  nudgeWorstMs: number
  dragFloorWorstMs: number
  dragFloorMedianMs: number
  studio: StudioScreenResult
  goalsMet: boolean
}

/** The studio's own screen with 600 cues: the worst interaction of each kind, and the longest frame around them. */
export interface StudioScreenResult {
  typingWorstMs: number
  typingMedianMs: number
  dragWorstMs: number
  dragMedianMs: number
  arrowNudgeWorstMs: number
  listNudgeWorstMs: number
  longestFrameMs: number
  floorWorstMs: number
  floorMedianMs: number
}

/** 90,000 peaks shaped like speech: syllables of a few hundred ms, louder and quieter phrases, pauses between lines. */
function speechPeaks(seconds: number, perSecond: number): number[] {
  let seed = 44
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return Array.from({ length: seconds * perSecond }, (_, index) => {
    const t = index / perSecond
    const inLine = t % 3 < 2.4
    const syllable = Math.abs(Math.sin(t * Math.PI * 4.3))
    const phrase = 0.55 + 0.45 * Math.sin(t / 7)
    return Math.round(inLine ? Math.min(255, 30 + 200 * syllable * phrase * (0.7 + 0.3 * next())) : 6 * next())
  })
}

async function buildHarness(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'))
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench', 'studio'),
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [{ find: /^use-sync-external-store\/shim$/, replacement: path.join(ROOT, 'pwa/src/i18n/use-sync-external-store-shim.ts') }] },
    build: { outDir, emptyOutDir: true },
  })
  fs.writeFileSync(path.join(outDir, 'bench-peaks.json'), JSON.stringify({ data: { duration_seconds: 1800, peaks_per_second: 50, peaks: speechPeaks(1800, 50) } }))
  return outDir
}

/** The submission's waveform as the job leaves it beside its ladder (media/<key>/waveform.json): the studio's timeline reads it through the API. */
function storeWaveform(server: TestServer): string {
  const mediaKey = newMediaKey()
  const folder = mediaDir(server.dataDir, mediaKey)
  fs.mkdirSync(folder, { recursive: true })
  fs.writeFileSync(path.join(folder, 'waveform.json'), JSON.stringify({ durationSeconds: 1800, peaksPerSecond: 50, peaks: speechPeaks(1800, 50) }))
  return mediaKey
}

/** A contributor's submission with the script as its Vietnamese captions (the lexicon is empty: every word is a suggestion). */
async function seedSubmission(server: TestServer, storage: Record<string, string>): Promise<number> {
  const db = server.ctx.database.db
  const user = JSON.parse(storage.user!) as { id: number }
  await db.updateTable('users').set({ is_contributor: 1 }).where('id', '=', user.id).execute()
  const submission = await db
    .insertInto('submissions')
    .values({ user_id: user.id, client_id: null, title: 'Chợ Bến Thành', proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: storeWaveform(server), duration_seconds: 1800, published_video_id: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const stamp = (at: number) => `00:${String(Math.floor(at / 60)).padStart(2, '0')}:${(at % 60).toFixed(3).padStart(6, '0')}`
  await server.ctx.services.captions.save(submission.id, 'vi', `WEBVTT\n\n${SCRIPT.map((line, index) => `${stamp(index * 4 + 1)} --> ${stamp(index * 4 + 3.5)}\n${line}`).join('\n\n')}\n`)
  return submission.id
}

/** Starts collecting Event Timing entries of interactions, and long animation frames. */
async function observe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { interactions: [] as number[], frames: [] as number[] }
    ;(window as unknown as { __timing: typeof state }).__timing = state
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) if (entry.interactionId) state.interactions.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.frames.push(entry.duration)
      }).observe({ type: 'long-animation-frame', buffered: false } as PerformanceObserverInit)
    } catch {
      // An older Chromium without the Long Animation Frames API: frames stay unmeasured (0).
    }
  })
}

/** The longest interaction and animation frame since the last call (0 when none reached the threshold), and clears them. */
async function takeLongest(page: Page): Promise<{ interaction: number; frame: number }> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))))
  return page.evaluate(() => {
    const state = (window as unknown as { __timing: { interactions: number[]; frames: number[] } }).__timing
    const out = { interaction: Math.max(0, ...state.interactions), frame: Math.max(0, ...state.frames) }
    state.interactions.length = 0
    state.frames.length = 0
    return out
  })
}

/** The floor's element: a bar dragged by hand, style.left on each move, nothing else. */
function addFloorDrag(page: Page): Promise<void> {
  return page.evaluate(() => {
    const bar = document.createElement('div')
    bar.id = 'floor-drag'
    bar.style.cssText = 'position:fixed;left:40px;top:4px;width:14px;height:40px;background:#0f6e63;touch-action:none;z-index:99'
    let from: number | null = null
    let left = 40
    bar.addEventListener('pointerdown', (event) => {
      from = event.clientX - left
      bar.setPointerCapture(event.pointerId)
    })
    bar.addEventListener('pointermove', (event) => {
      if (from !== null) bar.style.left = `${(left = event.clientX - from)}px`
    })
    bar.addEventListener('pointerup', () => (from = null))
    document.body.append(bar)
  })
}

async function dragBy(page: Page, target: string | import('@playwright/test').Locator, dx: number): Promise<void> {
  const handle = (typeof target === 'string' ? page.locator(target) : target).first()
  await handle.scrollIntoViewIfNeeded()
  const box = (await handle.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + (dx * step) / 8, y)
  await page.mouse.up()
}

async function measure(page: Page): Promise<Omit<StudioBenchResult, 'goalsMet' | 'studio'>> {
  const draws: number[] = []
  const drawFloors: number[] = []
  // Round 0 warms the page up (the first parse and draw compile their code) and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    await page.evaluate(() => (window as unknown as { __studio: { clearPeaks(): void } }).__studio.clearPeaks())
    const drawn = await page.evaluate(() => (window as unknown as { __studio: { loadPeaks(): Promise<{ ms: number; inkedPixels: number; peaks: number }> } }).__studio.loadPeaks())
    if (drawn.inkedPixels === 0 || drawn.peaks !== 90_000) throw new Error(`the waveform did not draw (${drawn.peaks} peaks, ${drawn.inkedPixels} pixels inked)`)
    const floor = (await page.evaluate(() => (window as unknown as { __studio: { floor(): Promise<{ ms: number }> } }).__studio.floor())).ms
    if (round === 0) continue
    draws.push(drawn.ms)
    drawFloors.push(floor)
  }
  const drags: number[] = []
  const frames: number[] = []
  const nudges: number[] = []
  const floors: number[] = []
  await addFloorDrag(page)
  for (let round = 0; round <= ROUNDS; round++) {
    const cue = `[data-testid="cue-block"]:nth-child(${2 + (round % 6)}) [data-testid="cue-edge-start"]`
    await takeLongest(page)
    const before = await page.locator(cue).first().getAttribute('aria-valuenow')
    await dragBy(page, cue, round % 2 === 0 ? -12 : 12)
    const taken = await takeLongest(page)
    if ((await page.locator(cue).first().getAttribute('aria-valuenow')) === before) throw new Error('the drag moved no edge')
    await page.locator(cue).first().focus()
    await takeLongest(page)
    await page.keyboard.press(round % 2 === 0 ? 'ArrowRight' : 'ArrowLeft')
    const nudge = (await takeLongest(page)).interaction
    await dragBy(page, '#floor-drag', round % 2 === 0 ? 12 : -12)
    const floor = (await takeLongest(page)).interaction
    if (round === 0) continue
    drags.push(taken.interaction)
    frames.push(taken.frame)
    nudges.push(nudge)
    floors.push(floor)
  }
  return {
    drawWorstMs: Math.max(...draws),
    drawMedianMs: median(draws),
    drawFloorMedianMs: median(drawFloors),
    dragWorstMs: Math.max(...drags),
    dragMedianMs: median(drags),
    dragLongestFrameMs: Math.max(...frames),
    nudgeWorstMs: Math.max(...nudges),
    dragFloorWorstMs: Math.max(...floors),
    dragFloorMedianMs: median(floors),
  }
}

/** The list renders the rows near the viewport only: scroll down as a contributor would until the row is there. */
async function scrollUntilRendered(page: Page, row: import('@playwright/test').Locator): Promise<void> {
  for (let step = 0; step < 40 && (await row.count()) === 0; step++) {
    await page.mouse.wheel(0, 300)
    await page.waitForTimeout(50)
  }
}

const kept = (page: Page) => page.locator('[data-testid="studio-kept"][data-kept="true"]').waitFor()

/** Typing, dragging and nudging in the studio's own screen (the page at `?studio=ID`, 600 cues, 4× CPU). */
async function measureStudio(page: Page): Promise<StudioScreenResult> {
  const typing: number[] = []
  const drags: number[] = []
  const arrows: number[] = []
  const lists: number[] = []
  const frames: number[] = []
  const floors: number[] = []
  await addFloorDrag(page)
  for (let round = 0; round <= ROUNDS; round++) {
    // Typing: three letters at the end of a cue's text, then the pause after which it is written to the device.
    const text = page.locator(`[data-testid="studio-cue"][data-index="${10 + round}"]`).getByTestId('cue-text')
    await scrollUntilRendered(page, text)
    await text.click()
    await page.keyboard.press('End')
    await takeLongest(page)
    for (const letter of 'abc') await page.keyboard.press(letter)
    const typed = await takeLongest(page)
    await kept(page)
    const written = await takeLongest(page)
    // Dragging an edge of the timeline (at the top of the page), then nudging it with the arrow key.
    await page.evaluate(() => window.scrollTo(0, 0))
    const edge = page.getByTestId('timeline-slot').locator(`[data-testid="cue-block"]:nth-child(${2 + (round % 6)}) [data-testid="cue-edge-start"]`)
    const before = await edge.getAttribute('aria-valuenow')
    await takeLongest(page)
    await dragBy(page, edge, round % 2 === 0 ? -12 : 12)
    const dragged = await takeLongest(page)
    if ((await edge.getAttribute('aria-valuenow')) === before) throw new Error('the drag moved no edge in the studio')
    await kept(page)
    await edge.focus()
    await takeLongest(page)
    await page.keyboard.press(round % 2 === 0 ? 'ArrowRight' : 'ArrowLeft')
    const arrow = await takeLongest(page)
    await kept(page)
    // `]` on a cue chosen in the list: its start 0.1 s later.
    const number = page.locator(`[data-testid="studio-cue"][data-index="${3 + round}"]`).locator('.studio-cue-number')
    await scrollUntilRendered(page, number)
    await number.click()
    await takeLongest(page)
    await page.keyboard.press(']')
    const list = await takeLongest(page)
    await kept(page)
    await page.evaluate(() => window.scrollTo(0, 0))
    await dragBy(page, page.locator('#floor-drag'), round % 2 === 0 ? 12 : -12)
    const floor = (await takeLongest(page)).interaction
    if (round === 0) continue
    typing.push(typed.interaction)
    drags.push(dragged.interaction)
    arrows.push(arrow.interaction)
    lists.push(list.interaction)
    frames.push(typed.frame, written.frame, dragged.frame, arrow.frame, list.frame)
    floors.push(floor)
  }
  return {
    typingWorstMs: Math.max(...typing),
    typingMedianMs: median(typing),
    dragWorstMs: Math.max(...drags),
    dragMedianMs: median(drags),
    arrowNudgeWorstMs: Math.max(...arrows),
    listNudgeWorstMs: Math.max(...lists),
    longestFrameMs: Math.max(...frames),
    floorWorstMs: Math.max(...floors),
    floorMedianMs: median(floors),
  }
}

/** The studio's list of 600 cues scrolled to its middle, on a desktop and a phone: rows in place, none over another. */
async function middleScreenshots(page: Page): Promise<string[]> {
  const out = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(out, { recursive: true })
  const files: string[] = []
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => {
      const list = document.querySelector('[data-testid="studio-cues"]') as HTMLElement
      window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY + list.offsetHeight / 2)
    })
    await page.waitForTimeout(500)
    // ↑/↓ in the middle of the windowed list: the focus moves to the next row, which is in view.
    const start = Number(await page.evaluate(() => (document.elementFromPoint(window.innerWidth - 60, window.innerHeight / 2)?.closest('[data-testid="studio-cue"]') as HTMLElement | null)?.dataset.index))
    await page.locator(`[data-testid="studio-cue"][data-index="${start}"] .studio-cue-number`).click()
    const inSight = () =>
      page.evaluate(() => {
        const row = document.activeElement as HTMLElement
        const box = row.getBoundingClientRect()
        // In sight: inside the viewport and below the sticky navigation bar (a row under the bar is not seen).
        const barBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0
        return { index: Number(row.dataset.index), top: box.top, bottom: box.bottom, barBottom, inView: box.top >= barBottom && box.bottom <= window.innerHeight }
      })
    for (const [key, presses, expected] of [['ArrowDown', 12, start + 12], ['ArrowUp', 24, start - 12]] as const) {
      for (let press = 0; press < presses; press++) await page.keyboard.press(key)
      await page.waitForTimeout(300)
      const focused = await inSight()
      // Before the rows' scroll margin, ↓ left the row 0.3 px past the bottom edge and ↑ left it under the bar.
      console.log(`  ${name}, ${key === 'ArrowDown' ? '↓' : '↑'} ${presses} times: focus on cue ${focused.index + 1} (expected ${expected + 1}), in sight: ${focused.inView ? 'yes' : 'NO'} (row ${focused.top.toFixed(1)}–${focused.bottom.toFixed(1)} px, bar's bottom ${focused.barBottom.toFixed(0)}, viewport ${viewport.height})`)
    }
    const file = path.join(out, `studio-600-middle-${name}.png`)
    await page.screenshot({ path: file })
    files.push(file)
  }
  await page.setViewportSize({ width: 1366, height: 900 })
  return files
}

async function screenshots(browser: import('@playwright/test').Browser, server: TestServer, storage: Record<string, string>, submissionId: number): Promise<string[]> {
  const out = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(out, { recursive: true })
  const files: string[] = []
  for (const [name, viewport, language] of [
    ['desktop-en', { width: 1366, height: 900 }, 'en'],
    ['phone-en', { width: 390, height: 844 }, 'en'],
    ['phone-vi', { width: 390, height: 844 }, 'vi'],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1, baseURL: server.baseUrl })
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value)
    }, { ...storage, i18nextLng: language })
    const page = await context.newPage()
    await page.goto(`/?submission=${submissionId}`)
    await page.getByTestId('glossary-row').first().waitFor()
    await page.evaluate(() => (window as unknown as { __studio: { loadPeaks(): Promise<unknown> } }).__studio.loadPeaks())
    // One word glossed and one open in the editor, as a contributor half-way through would see them.
    if (name === 'desktop-en') {
      const first = page.getByTestId('glossary-row').first()
      await first.getByRole('button').first().click()
      await first.getByTestId('gloss-input').fill('market')
      await first.getByRole('button', { name: 'Save' }).click()
      await page.getByTestId('glossary-status').getByText('Glossary saved.').waitFor()
    }
    await page.getByTestId('glossary-row').nth(1).getByRole('button').first().click()
    const file = path.join(out, `studio-${name}.png`)
    await page.screenshot({ path: file })
    files.push(file)
    await context.close()
  }
  return files
}

export async function runStudioBench(): Promise<StudioBenchResult> {
  console.log(`\n## The captioning studio: the waveform of 30 minutes drawn, and dragging an edge among 600 cues, at 1366×900 under ${CPU_SLOWDOWN}× CPU`)
  const dist = await buildHarness()
  const server = await startTestServer({ checkAnswers: false, pwaDist: dist, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const storage = await signedInStorage(server, 'studio-bench@example.com')
    const submissionId = await seedSubmission(server, storage)
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: server.baseUrl })
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
    }, storage)
    const page = await context.newPage()
    await page.goto(`/?submission=${submissionId}`)
    await page.getByTestId('glossary-row').first().waitFor()
    await page.getByTestId('cue-block').first().waitFor()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await observe(page)
    const measured = await measure(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // The studio's own screen, in the same context (the draft goes into its IndexedDB on the first load).
    await page.goto(`/?studio=${submissionId}`)
    // The list renders only the rows near the viewport; it knows all 600.
    await page.locator('[data-testid="studio-cues"][data-count="600"] [data-testid="studio-cue"]').first().waitFor()
    await page.locator('[data-testid="timeline-slot"][data-waveform="ready"]').waitFor()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await observe(page)
    const studio = await measureStudio(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const middle = await middleScreenshots(page)
    await context.close()
    const worstStudio = Math.max(studio.typingWorstMs, studio.dragWorstMs, studio.arrowNudgeWorstMs, studio.listNudgeWorstMs)
    const result: StudioBenchResult = { ...measured, studio, goalsMet: measured.drawWorstMs < STUDIO_GOALS.drawMs && Math.max(measured.dragWorstMs, measured.nudgeWorstMs, worstStudio) < STUDIO_GOALS.inpMs }
    const fmt = (n: number) => n.toFixed(1)
    console.log(`  waveform, 90,000 peaks (30 min at 50/s), body arrived → drawn and painted, ${ROUNDS} rounds: worst ${fmt(result.drawWorstMs)} ms, median ${fmt(result.drawMedianMs)} ms`)
    console.log(`  floor, the same body parsed and an empty canvas of the same size painted: median ${fmt(result.drawFloorMedianMs)} ms   goal < ${STUDIO_GOALS.drawMs} ms: ${result.drawWorstMs < STUDIO_GOALS.drawMs ? 'met' : 'NOT met'}`)
    console.log(`  dragging an edge among 600 cues (Event Timing, ${ROUNDS} drags after one not counted): worst ${fmt(result.dragWorstMs)} ms, median ${fmt(result.dragMedianMs)} ms (0: under the 16 ms threshold); longest animation frame while moving ${fmt(result.dragLongestFrameMs)} ms (0: none over 50 ms)`)
    console.log(`  nudging an edge with the arrow key: worst ${fmt(result.nudgeWorstMs)} ms`)
    console.log(`  floor, a plain element dragged by hand on the same page: worst ${fmt(result.dragFloorWorstMs)} ms, median ${fmt(result.dragFloorMedianMs)} ms   goal < ${STUDIO_GOALS.inpMs} ms: ${Math.max(result.dragWorstMs, result.nudgeWorstMs) < STUDIO_GOALS.inpMs ? 'met' : 'NOT met'}`)
    console.log(`  the studio's screen, 600 cues (Event Timing, ${ROUNDS} rounds after one not counted):`)
    console.log(`    typing in a cue: worst ${fmt(studio.typingWorstMs)} ms, median ${fmt(studio.typingMedianMs)} ms; dragging an edge: worst ${fmt(studio.dragWorstMs)} ms, median ${fmt(studio.dragMedianMs)} ms`)
    console.log(`    nudging an edge with the arrow key: worst ${fmt(studio.arrowNudgeWorstMs)} ms; ] on a cue of the list: worst ${fmt(studio.listNudgeWorstMs)} ms; longest animation frame, writes to the device included: ${fmt(studio.longestFrameMs)} ms`)
    console.log(`    floor, a plain element dragged by hand on the studio's page: worst ${fmt(studio.floorWorstMs)} ms, median ${fmt(studio.floorMedianMs)} ms   goal < ${STUDIO_GOALS.inpMs} ms: ${worstStudio < STUDIO_GOALS.inpMs ? 'met' : 'NOT met'}`)
    for (const file of [...middle, ...await screenshots(browser, server, storage, submissionId)]) console.log(`  screenshot ${path.relative(ROOT, file)}`)
    return result
  } finally {
    await browser.close()
    await server.close()
    fs.rmSync(dist, { recursive: true, force: true })
  }
}
