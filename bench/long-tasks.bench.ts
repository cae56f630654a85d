/**
 * `npm run bench -- long-tasks` (issue 48): what the main thread runs in its long tasks on a slow phone.
 * The phone bench's server and catalogue (the demo plus 1,000 videos), each page loaded cold (a fresh
 * profile: no service worker, caches or IndexedDB) at Lighthouse's mobile viewport, the CPU slowed by
 * CDP (`Emulation.setCPUThrottlingRate`) as much as the phone bench's slow setting simulates, a
 * performance trace recorded with V8's sampling profiler, and every task over 50 ms listed with what it
 * ran: the kinds of work (script, style, layout, compile, GC; self time), the layouts JavaScript forced,
 * and the source modules its sampled time was in.
 *
 * PHONE_SLOW_INDEX=700 picks the slowdown as the phone bench does (Lighthouse's calibration on the
 * landing page); PROFILE_SLOWDOWN=N sets it outright (default 4, Lighthouse's own). PROFILE_PAGES picks
 * pages (landing,videos,video,words,review). PROFILE_DIR keeps each trace, to open in DevTools.
 * For names rather than minified positions, build with source maps first:
 * `npx vite build --config pwa/vite.config.ts --mode production --sourcemap` (then `npm run build` again
 * before measuring scores: the maps are not what the app ships).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { seedDemoCatalogue } from '../sync-server/src/demo/seed-demo.ts'
import { CHROMIUM, CHROMIUM_FLAGS, DIST, requireBuild, signedInStorage, slowDownTo } from './lib/browser.ts'
import { firstPaintWork, longTasks, TRACE_CATEGORIES, type FirstPaintWork, type LongTask } from './lib/long-tasks.ts'
import { sourceMapper } from './lib/source-maps.ts'
import { seedCatalogue } from './phone.bench.ts'

export interface PageProfile {
  page: string
  /** Σ (task − 50 ms) over the long tasks: the trace's own blocking time (Lighthouse's TBT counts from the first paint). */
  blockingMs: number
  tasks: LongTask[]
  /** The main thread's work before the first contentful paint, in tasks of any length. */
  firstPaint: FirstPaintWork
}

interface ProfiledPage {
  name: string
  path: string
  ready: string
  signedIn: boolean
  /** What the learner does once the page is ready, inside the trace (the word sheet opens on a tap). */
  then?: (page: Page) => Promise<void>
}

/** Waits until the main thread has gone `quietMs` without a long task (at most `boundMs`). */
async function settle(page: Page, quietMs = 2_000, boundMs = 20_000): Promise<void> {
  await page.evaluate(
    ({ quietMs, boundMs }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, quietMs)
        const bound = setTimeout(resolve, boundMs)
        new PerformanceObserver(() => {
          clearTimeout(timer)
          timer = setTimeout(() => {
            clearTimeout(bound)
            resolve()
          }, quietMs)
        }).observe({ type: 'longtask' })
      }),
    { quietMs, boundMs },
  )
}

async function profilePage(browser: Browser, server: TestServer, target: ProfiledPage, storage: Record<string, string>, slowdown: number): Promise<PageProfile> {
  // Lighthouse's mobile screen (a Moto G Power).
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, baseURL: server.baseUrl })
  if (target.signedIn) {
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
    }, storage)
  } else await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  let trace: Buffer
  try {
    await page.goto(target.path)
    // One wait inside the page: a locator's polling would add Playwright's own tasks to the trace.
    await page.evaluate(
      (selector) =>
        new Promise<void>((resolve) => {
          if (document.querySelector(selector)) return resolve()
          const observer = new MutationObserver(() => {
            if (!document.querySelector(selector)) return
            observer.disconnect()
            resolve()
          })
          observer.observe(document, { childList: true, subtree: true })
        }),
      target.ready,
    )
    await page.waitForLoadState('networkidle')
    await settle(page)
    if (target.then) {
      await target.then(page)
      await settle(page)
    }
  } finally {
    trace = await browser.stopTracing()
    await context.close()
  }
  const dir = process.env.PROFILE_DIR
  if (dir) {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, `${target.name}.trace.json`), trace)
  }
  const parsed = JSON.parse(trace.toString('utf8')) as never
  const map = sourceMapper(DIST)
  const tasks = longTasks(parsed, map)
  return { page: target.name, blockingMs: tasks.reduce((sum, task) => sum + task.durationMs - 50, 0), tasks, firstPaint: firstPaintWork(parsed, map) }
}

function printProfile(profile: PageProfile): void {
  console.log(`  ${profile.page}: ${profile.tasks.length} task(s) over 50 ms, ${profile.blockingMs} ms above 50 ms in all`)
  for (const task of profile.tasks) {
    const kinds = task.kinds.slice(0, 4).map((kind) => `${kind.kind} ${kind.ms}`).join(', ')
    const forced = task.forced.count > 0 ? `; ${task.forced.count} forced layout/style ${task.forced.ms} ms${task.forced.from.length ? ` from ${task.forced.from.join(', ')}` : ''}` : ''
    console.log(`    at ${String(task.startMs).padStart(5)} ms  ${String(task.durationMs).padStart(4)} ms  ${task.startedBy}: ${kinds}${forced}`)
    for (const code of task.code) console.log(`        ${String(code.ms).padStart(4)} ms  ${code.where}`)
  }
  const first = profile.firstPaint
  console.log(`    before the first contentful paint (FCP ${first.fcpMs ?? '—'} ms, LCP ${first.lcpMs ?? '—'} ms): ${first.tasks} task(s), main thread busy ${first.busyMs} ms; sampled in`)
  for (const code of first.code) console.log(`        ${String(code.ms).padStart(4)} ms  ${code.where}`)
}

export async function runLongTasksBench(): Promise<PageProfile[]> {
  requireBuild()
  const server = await startTestServer({ checkAnswers: false, pwaDist: DIST, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    await seedDemoCatalogue(server.ctx, { sayings: 3 })
    await server.ctx.jobs.whenIdle()
    const demo = await server.ctx.database.db.selectFrom('videos').select(['id', 'media_key']).where('title', '=', 'Xin chào!').executeTakeFirstOrThrow()
    await seedCatalogue(server, demo.media_key!)
    const slowIndex = Number(process.env.PHONE_SLOW_INDEX ?? 0)
    const slowdown = Number(process.env.PROFILE_SLOWDOWN ?? 0) || (slowIndex > 0 ? (await slowDownTo(server, slowIndex)).slowdown : 4)
    console.log(`\n## Long tasks on a slow phone: CPU ${slowdown}× slower (CDP), cold profile, ${fs.readdirSync(path.join(DIST, 'assets')).some((file) => file.endsWith('.js.map')) ? 'source maps read' : 'no source maps in the build (minified names)'}`)
    const storage = await signedInStorage(server, 'long-tasks@example.com')
    const pages: ProfiledPage[] = [
      { name: 'landing', path: '/', ready: '[data-testid="landing-start"]', signedIn: false },
      { name: 'videos', path: '/languages/vi/videos', ready: '[data-testid="video-card"]', signedIn: true },
      { name: 'video', path: `/languages/vi/videos/${demo.id}`, ready: 'video', signedIn: true },
      {
        name: 'words',
        path: `/languages/vi/videos/${demo.id}`,
        ready: '[data-testid="transcript"] [data-testid="word"]',
        signedIn: true,
        // The word sheet, opened on the transcript's first word.
        then: async (page) => {
          await page.locator('[data-testid="transcript"] [data-testid="word"]').first().click()
          await page.getByTestId('word-sheet').waitFor()
        },
      },
      { name: 'review', path: '/languages/vi/review', ready: '[data-testid="review-empty"], [data-testid="review-summary"]', signedIn: true },
    ]
    const wanted = (process.env.PROFILE_PAGES ?? 'landing,videos,video').split(',')
    const profiles: PageProfile[] = []
    for (const target of pages.filter((candidate) => wanted.includes(candidate.name))) {
      const profile = await profilePage(browser, server, target, storage, slowdown)
      printProfile(profile)
      profiles.push(profile)
    }
    return profiles
  } finally {
    await browser.close()
    await server.close()
  }
}

// Run directly: `node --import tsx bench/long-tasks.bench.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLongTasksBench().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
