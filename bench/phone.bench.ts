/**
 * The learner's everyday path on a phone (issue 32), against the real server serving the built app
 * (`npm run build` first), its catalogue the demo's (through the real pipeline) plus 1,000 videos
 * written through the database layer:
 * - Lighthouse 12, mobile with its default throttling, on the signed-in videos page and on a video
 *   page (cold: no service worker, caches or IndexedDB): performance ≥ 90, accessibility 100;
 * - each signed-in page's gap to the floor beneath it in the same run (issue 48: within 5 points and
 *   150 ms of TBT), beside the benchmark index Lighthouse measured; `PHONE_SLOW_INDEX=700` slows the
 *   simulated CPU until the phone has about that index (a slow Android phone), where the gap is the goal;
 * - the landing page's JavaScript before the visitor's first move (it must stay the small entry);
 * - interaction to next paint, from the Event Timing API (PerformanceObserver 'event',
 *   durationThreshold 16, grouped by interactionId as INP does), at 390×844 under 4× CPU slowdown
 *   (CDP Emulation.setCPUThrottlingRate), with all 1,000 videos in the device's catalogue (the learner
 *   paged through them all: the list then shows every one): typing in the search box, and toggling
 *   a chip. Goal: the worst interaction under 200 ms.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { seedDemoCatalogue } from '../sync-server/src/demo/seed-demo.ts'
import { mediaDir, newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { CHROMIUM, CHROMIUM_FLAGS, DIST, measure, printLighthouse, requireBuild, runLighthouse, signedInStorage, slowDownTo, type LighthouseScores, type PageWeight } from './lib/browser.ts'

export const PHONE_GOALS = { performance: 90, accessibility: 100, inpMs: 200, landingKb: 90, floorGapPoints: 5, floorGapTbtMs: 150 } as const
const CATALOGUE = 1000
const CPU_SLOWDOWN = 4
const LEVELS = ['introductory', 'beginner', 'intermediate', 'advanced'] as const
const ACCESS = ['free', 'premium', 'preview'] as const
const DIALECTS = ['northern', 'central', 'southern', null] as const
const TOPICS = ['Đi chợ', 'Nấu ăn', 'Gia đình', 'Thời tiết', 'Du lịch', 'Trường học', 'Bóng đá', 'Phở Hà Nội', 'Cà phê sáng', 'Tết']

export interface Interaction {
  /** The event that took longest ("keydown", "pointerup"…), and what the learner was doing. */
  event: string
  during: string
  durationMs: number
  inputDelayMs: number
  processingMs: number
  presentationMs: number
}

export interface InteractionResult {
  name: string
  interactions: number
  /** The worst interaction: INP of a page with fewer than 50 interactions. */
  worst: Interaction
  medianMs: number
}

export interface PhoneBenchResult {
  lighthouse: LighthouseScores[]
  /** The landing page in the same run: how busy the machine was. */
  reference: LighthouseScores | null
  /** The floor under the videos page: our libraries, its data and its first poster, no app. */
  floor: LighthouseScores | null
  /** The floor under the video page: the same libraries, its poster and hls.js on its stream. */
  videoFloor: LighthouseScores | null
  landing: PageWeight
  inp: InteractionResult[]
  /** Each signed-in page against its floor in the same run: the figure that matters (issue 48). */
  gaps: FloorGap[]
  /** The CPU slowdown Lighthouse simulated (4× by default; more under PHONE_SLOW_INDEX). */
  cpuSlowdown: number
  cardsShown: number
  goalsMet: boolean
}

export interface FloorGap {
  page: string
  /** Points of performance below the floor, and milliseconds of TBT above it (negative: better than it). */
  points: number
  tbtMs: number
  met: boolean
}

/** How far a page is above the floor beneath it: the app's own main-thread work over the libraries'. */
function floorGap(page: LighthouseScores | undefined, floor: LighthouseScores | null): FloorGap | null {
  if (!page || !floor) return null
  const points = floor.performance - page.performance
  const tbtMs = page.tbtMs - floor.tbtMs
  return { page: page.path, points, tbtMs, met: points <= PHONE_GOALS.floorGapPoints && tbtMs <= PHONE_GOALS.floorGapTbtMs }
}

/** 1,000 published videos through Kysely, as varied as the filters are, each with a copy of the demo's poster. */
export async function seedCatalogue(server: TestServer, posterOf: string): Promise<void> {
  const now = Date.now()
  const poster = path.join(mediaDir(server.dataDir, posterOf), 'poster.jpg')
  const rows = Array.from({ length: CATALOGUE }, (_, i) => {
    const mediaKey = newMediaKey()
    fs.mkdirSync(mediaDir(server.dataDir, mediaKey), { recursive: true })
    fs.copyFileSync(poster, path.join(mediaDir(server.dataDir, mediaKey), 'poster.jpg'))
    return {
    language_code: 'vi',
    title: `${TOPICS[i % TOPICS.length]} ${Math.floor(i / TOPICS.length) + 1}`,
    description: '',
    proficiency_level: LEVELS[i % LEVELS.length]!,
    access_level: ACCESS[i % ACCESS.length]!,
    dialect: DIALECTS[i % DIALECTS.length]!,
    duration_seconds: 60 + ((i * 37) % 1200),
    published_at: new Date(now - (i + 100) * 60_000).toISOString(),
    created_at: new Date(now).toISOString(),
    media_key: mediaKey,
    }
  })
  await server.ctx.database.db.transaction().execute(async (trx) => {
    for (let at = 0; at < rows.length; at += 200) await trx.insertInto('videos').values(rows.slice(at, at + 200)).execute()
  })
}

/** Starts collecting Event Timing entries of interactions (those with an interactionId). */
async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Array<{ id: number; name: string; start: number; duration: number; processingStart: number; processingEnd: number }> = []
    ;(window as unknown as { __interactions: typeof seen }).__interactions = seen
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
        if (entry.interactionId) seen.push({ id: entry.interactionId, name: entry.name, start: entry.startTime, duration: entry.duration, processingStart: entry.processingStart, processingEnd: entry.processingEnd })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  })
}

/** The interactions since `observeInteractions`, each its longest entry (as INP counts it), and clears them. */
async function takeInteractions(page: Page, during: string): Promise<Interaction[]> {
  // Entries arrive after their frame is presented: let two frames pass.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))))
  const entries = await page.evaluate(() => {
    const list = (window as unknown as { __interactions: Array<{ id: number; name: string; start: number; duration: number; processingStart: number; processingEnd: number }> }).__interactions
    return list.splice(0, list.length)
  })
  const byId = new Map<number, Interaction>()
  const firstStart = Math.min(...entries.map((entry) => entry.start))
  for (const entry of entries) {
    const interaction = {
      event: entry.name,
      during: `${during}, ${Math.round(entry.start - firstStart)} ms in`,
      durationMs: entry.duration,
      inputDelayMs: entry.processingStart - entry.start,
      processingMs: entry.processingEnd - entry.processingStart,
      presentationMs: entry.start + entry.duration - entry.processingEnd,
    }
    const known = byId.get(entry.id)
    if (!known || known.durationMs < interaction.durationMs) byId.set(entry.id, interaction)
  }
  return [...byId.values()]
}

function summarize(name: string, interactions: Interaction[], count: number): InteractionResult {
  const sorted = [...interactions].sort((a, b) => a.durationMs - b.durationMs)
  const none = { event: '', during: '', durationMs: 0, inputDelayMs: 0, processingMs: 0, presentationMs: 0 }
  // Interactions shorter than the threshold leave no entry: they count as under 16 ms.
  const all = [...sorted.map((i) => i.durationMs), ...Array<number>(Math.max(0, count - sorted.length)).fill(0)].sort((a, b) => a - b)
  return { name, interactions: count, worst: sorted.at(-1) ?? none, medianMs: all[Math.floor(all.length / 2)] ?? 0 }
}

const FLOOR_PAGE = 'bench-floor.html'
const FLOOR_SCRIPT = 'bench-floor.js'

/**
 * The floors beneath the two pages: what any page must download and run to show the same thing with
 * the libraries every signed-in page needs (React, React Router and i18next; Dexie). `list`: the first
 * page of videos asked for at once, as boot's early answers do, and the first card's poster. `video`:
 * the video's detail, its poster in a 16:9 <video>, and hls.js attached to its stream, buffering ahead
 * of the press as the player does.
 */
async function withFloorPage<T>(kind: 'list' | 'video', videoId: number, measure: () => Promise<T>): Promise<T> {
  const assets = fs.readdirSync(path.join(DIST, 'assets'))
  const chunk = (pattern: RegExp) => {
    const file = assets.find((name) => pattern.test(name))
    if (!file) throw new Error(`phone bench: no ${pattern} in the build`)
    return `/assets/${file}`
  }
  const libraries = `await Promise.all([import('${chunk(/^vendor-[\w-]+\.js$/)}'), import('${chunk(/^signed-in-(?!en-|vi-)[\w-]+\.js$/)}')])`
  const headers = `{ headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } }`
  fs.writeFileSync(path.join(DIST, FLOOR_PAGE), `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title><body><main><h1>Videos</h1></main><script type="module" src="/${FLOOR_SCRIPT}"></script></body></html>`)
  fs.writeFileSync(
    path.join(DIST, FLOOR_SCRIPT),
    kind === 'list'
      ? `const data = fetch('/api/v1/languages/vi/videos?sort=for_you&limit=24', ${headers}).then((r) => r.json())
${libraries}
const answer = await data
const img = document.createElement('img')
img.alt = ''
img.style.width = '100%'
img.src = answer.data[0].thumbnail_url
document.querySelector('main').append(img)
`
      : `const data = fetch('/api/v1/videos/${videoId}', ${headers}).then((r) => r.json())
${libraries}
const answer = await data
const video = document.createElement('video')
video.preload = 'metadata'
video.playsInline = true
video.poster = answer.data.thumbnail_url
video.style.width = '100%'
video.style.aspectRatio = '16 / 9'
document.querySelector('main').append(video)
const { default: Hls } = await import('${chunk(/^hls\.light-[\w-]+\.js$/)}')
const hls = new Hls({ maxBufferLength: 6 })
hls.loadSource(answer.data.playback.hls_url)
hls.attachMedia(video)
`,
  )
  try {
    return await measure()
  } finally {
    for (const file of [FLOOR_PAGE, FLOOR_SCRIPT]) fs.rmSync(path.join(DIST, file), { force: true })
  }
}

export async function runPhoneBench(): Promise<PhoneBenchResult> {
  requireBuild()
  console.log('\n## Phone first: Lighthouse mobile on signed-in pages, INP on a catalogue of 1,000 videos (needs npm run build)')
  const server = await startTestServer({ checkAnswers: false, pwaDist: DIST, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    await seedDemoCatalogue(server.ctx, { sayings: 3 })
    await server.ctx.jobs.whenIdle()
    const demo = await server.ctx.database.db.selectFrom('videos').select(['id', 'media_key']).where('title', '=', 'Xin chào!').executeTakeFirstOrThrow()
    await seedCatalogue(server, demo.media_key!)

    const landing = await measure(browser, server, '/', '[data-testid="landing-start"]', { i18nextLng: 'en' })
    console.log(`  landing / before the first move: ${(landing.sentBytes / 1024).toFixed(1)} KB of JS sent (${(landing.gzipBytes / 1024).toFixed(1)} KB as gzip) in ${landing.scripts} script(s) (budget ≤ ${PHONE_GOALS.landingKb} KB)`)

    // PHONE_SLOW_INDEX=700: simulate a slower phone (issue 48), Lighthouse's benchmark index near 700.
    const slowIndex = Number(process.env.PHONE_SLOW_INDEX ?? 0)
    let cpuSlowdown = 4
    if (slowIndex > 0) {
      const slow = await slowDownTo(server, slowIndex)
      cpuSlowdown = slow.slowdown
      console.log(`  slow setting: this machine's benchmark index ${slow.benchmarkIndex}; CPU slowdown ${slow.slowdown}× (4× by default) simulates a phone of index about ${slowIndex}`)
    }
    const storage = await signedInStorage(server, 'phone-bench@example.com')
    const lighthouse: LighthouseScores[] = []
    // PHONE_PARTS=inp (or lighthouse) runs one half, while working on it.
    const parts = process.env.PHONE_PARTS ?? 'lighthouse,inp'
    // PHONE_PAGES=video (or videos, reference, floor) measures only those pages with Lighthouse.
    const pages = (process.env.PHONE_PAGES ?? 'videos,video,reference,floor').split(',')
    // PHONE_PAGES=…,review adds the review page (issue 48 item 3), measured against the libraries floor;
    // the word sheet opens on a tap, which Lighthouse's navigation cannot make: bench -- long-tasks profiles it.
    const signedInPages = [pages.includes('videos') ? '/languages/vi/videos' : null, pages.includes('video') ? `/languages/vi/videos/${demo.id}` : null, pages.includes('review') ? '/languages/vi/review' : null]
    for (const pagePath of parts.includes('lighthouse') ? signedInPages.filter((path) => path !== null) : []) {
      const scores = await runLighthouse(server, pagePath, storage)
      lighthouse.push(scores)
      printLighthouse(scores)
    }
    // The machine's reference in the same run: the landing page (2.8 KB of JS before the first move,
    // performance ≥ 95 on an idle machine in bench -- pwa). Well below that, the machine is busy.
    const reference = parts.includes('lighthouse') && pages.includes('reference') ? await runLighthouse(server, '/') : null
    if (reference) printLighthouse(reference, '/ (reference)')
    // The floor beneath the videos page, same run: a page that only downloads and runs the libraries
    // every signed-in page needs (React, React Router and i18next; Dexie), asks for the same first page
    // of videos and shows its first poster. Our page cannot paint its poster sooner than this.
    const floor = parts.includes('lighthouse') && pages.includes('floor') ? await withFloorPage('list', demo.id, () => runLighthouse(server, `/${FLOOR_PAGE}`, storage)) : null
    if (floor) printLighthouse(floor, '/ (libraries floor)')
    // Beneath the video page: the same libraries, its poster and hls.js on its stream.
    const videoFloor = parts.includes('lighthouse') && pages.includes('floor') ? await withFloorPage('video', demo.id, () => runLighthouse(server, `/${FLOOR_PAGE}`, storage)) : null
    if (videoFloor) printLighthouse(videoFloor, '/ (video page floor)')
    const gaps = [
      floorGap(lighthouse.find((score) => score.path.endsWith('/videos')), floor),
      floorGap(lighthouse.find((score) => /\/videos\/\d+$/.test(score.path)), videoFloor),
      floorGap(lighthouse.find((score) => score.path.endsWith('/review')), floor),
    ].filter((gap) => gap !== null)
    for (const gap of gaps) {
      console.log(`  gap to the floor ${gap.page.padEnd(22)} ${gap.points} points, ${gap.tbtMs > 0 ? '+' : ''}${gap.tbtMs} ms TBT (goal within ${PHONE_GOALS.floorGapPoints} points and ${PHONE_GOALS.floorGapTbtMs} ms): ${gap.met ? 'met' : 'NOT met'}`)
    }

    // INP at 390×844 with the whole catalogue on the device.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, baseURL: server.baseUrl })
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
    }, storage)
    const page = await context.newPage()
    await page.goto('/languages/vi/videos')
    const cards = page.getByTestId('video-card')
    await cards.first().waitFor()
    // The learner paged through the whole catalogue: every page is in the device's catalogue.
    const more = page.getByTestId('videos-more')
    while (await more.isVisible()) {
      const before = await cards.count()
      await more.click()
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="video-card"]').length > n, before)
      // The page's answer is in once the button is ready again or gone (the last page).
      await page.waitForFunction(() => !document.querySelector('[data-testid="videos-more"]:disabled'))
    }
    await page.reload()
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="video-card"]').length >= n, CATALOGUE)
    await page.waitForLoadState('networkidle')
    const cardsShown = await cards.count()

    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await observeInteractions(page)

    // Typing a search at a brisk pace (the list narrows once typing pauses), three times.
    const search = page.getByTestId('videos-search')
    let typed: Interaction[] = []
    let keys = 0
    for (const words of ['pho ha noi', 'ca phe', 'di cho']) {
      await search.click()
      await search.pressSequentially(words, { delay: 120 })
      keys += words.length + 1
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="video-card"]').length < n, cardsShown)
      await page.waitForLoadState('networkidle')
      typed = typed.concat(await takeInteractions(page, `typing “${words}”`))
      await search.fill('')
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="video-card"]').length >= n, cardsShown)
      await page.waitForLoadState('networkidle')
      await takeInteractions(page, 'clearing')
    }
    // Toggling the Free chip on and off, five times each (the chips show once the search field is left).
    await search.blur()
    const chip = page.getByTestId('videos-chip-free')
    let toggled: Interaction[] = []
    const TOGGLES = 10
    for (let i = 0; i < TOGGLES; i++) {
      const pressed = (await chip.getAttribute('aria-pressed')) === 'true'
      await chip.click()
      await page.waitForFunction(
        ({ want, all }) => {
          const count = document.querySelectorAll('[data-testid="video-card"]').length
          return want ? count < all : count >= all
        },
        { want: !pressed, all: cardsShown },
      )
      await page.waitForLoadState('networkidle')
      toggled = toggled.concat(await takeInteractions(page, `toggle ${i + 1}`))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await context.close()

    const inp = [summarize('typing in the search box', typed, keys), summarize('toggling the Free chip', toggled, TOGGLES)]
    for (const result of inp) {
      const w = result.worst
      console.log(
        `  INP ${result.name.padEnd(26)} worst ${Math.round(w.durationMs)} ms (input delay ${Math.round(w.inputDelayMs)}, processing ${Math.round(w.processingMs)}, presentation ${Math.round(w.presentationMs)}; ${w.event} ${w.during}), median ${Math.round(result.medianMs)} ms over ${result.interactions} interactions (${cardsShown} cards listed, ${CPU_SLOWDOWN}× CPU slowdown; goal < ${PHONE_GOALS.inpMs} ms)`,
      )
    }
    const goalsMet =
      // Under the slow setting the goal is the gap to each floor alone: the floors fall too (issue 48).
      lighthouse.every((score) => (slowIndex > 0 || score.performance >= PHONE_GOALS.performance) && score.accessibility >= PHONE_GOALS.accessibility) &&
      inp.every((result) => result.worst.durationMs < PHONE_GOALS.inpMs) &&
      landing.sentBytes <= PHONE_GOALS.landingKb * 1024 &&
      gaps.every((gap) => gap.met)
    console.log(`  goals (performance ≥ 90, accessibility 100, INP < 200 ms, within 5 points and 150 ms TBT of each floor): ${goalsMet ? 'met' : 'NOT met'}`)
    console.log('  (Lighthouse throttles the CPU 4x on top of the real one: run it on an otherwise idle machine.)')
    return { lighthouse, reference, floor, videoFloor, landing, inp, gaps, cpuSlowdown, cardsShown, goalsMet }
  } finally {
    await browser.close()
    await server.close()
  }
}

// Run directly: `node --import tsx bench/phone.bench.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runPhoneBench().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
