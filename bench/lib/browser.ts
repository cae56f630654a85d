/**
 * What the browser benchmarks share: Debian's Chromium with the same flags, the built app served by the
 * real server, a learner's signed-in storage, and Lighthouse (mobile, its default throttling) on a page
 * either signed out or signed in.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import type { Browser } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import puppeteer from 'puppeteer-core'
import { signIn, type TestServer } from '../../sync-server/test-support/test-server.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const DIST = path.join(ROOT, 'dist', 'pwa')
// The same Debian Chromium and flags as the e2e suite, named as the benchmarks call them.
export const CHROMIUM = CHROMIUM_PATH
export const CHROMIUM_FLAGS = CHROMIUM_ARGS

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export function requireBuild(): void {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/pwa is missing: run `npm run build` first')
}

/** localStorage as the app keeps a signed-in learner (English UI), for a fresh browser profile. */
export async function signedInStorage(server: TestServer, email: string): Promise<Record<string, string>> {
  const { token, user } = await signIn(server, email)
  // A returning learner's storage, as the app leaves it: the time zone it last read included
  // (pwa/src/data/storage.ts) and its offset then, which signed-in-preload.js sends with its early calls
  // and the app keeps while the offset is the same (pwa/src/data/time-zone.ts).
  return { i18nextLng: 'en', token, user: JSON.stringify(user), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, timeZoneOffset: String(new Date().getTimezoneOffset()) }
}

export interface PageWeight {
  path: string
  scripts: number
  gzipBytes: number
  /** What the browser received for those scripts, as our server sends them (Brotli where the build has a copy). */
  sentBytes: number
}

function gzipSizeOf(urlPath: string): number {
  const file = path.join(DIST, decodeURIComponent(urlPath))
  if (!file.startsWith(DIST) || !fs.existsSync(file)) return 0
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
}

/** Loads a page in a fresh context (no service worker) and sums the gzip size of every script of ours it fetched. */
export async function measure(
  browser: Browser,
  server: TestServer,
  pagePath: string,
  ready: string,
  storage: Record<string, string> = {},
): Promise<PageWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
  }, storage)
  const scripts = new Set<string>()
  const sent = new Map<string, Promise<number>>()
  const page = await context.newPage()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== server.baseUrl || response.request().resourceType() !== 'script') return
    scripts.add(url.pathname)
    // Once per file: the body's size as it came over the wire (encoded), when the response has finished.
    if (!sent.has(url.pathname)) sent.set(url.pathname, response.finished().then(() => response.request().sizes()).then((sizes) => sizes.responseBodySize))
  })
  await page.goto(server.baseUrl + pagePath)
  await page.locator(ready).first().waitFor()
  await page.waitForLoadState('networkidle')
  const sentSizes = await Promise.all(sent.values())
  await context.close()
  let gzipBytes = 0
  for (const script of scripts) gzipBytes += gzipSizeOf(script)
  return { path: pagePath, scripts: scripts.size, gzipBytes, sentBytes: sentSizes.reduce((sum, n) => sum + n, 0) }
}

export interface LighthouseScores {
  path: string
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  /**
   * Lighthouse's benchmark index of the machine as the run found it (its own CPU test before the page),
   * and the index of the phone the run simulated: the index × 4 ÷ the CPU slowdown (4× by default).
   */
  benchmarkIndex: number
  simulatedIndex: number
  /** Lighthouse's own remarks (a redirect, a page that did not load as expected). */
  warnings: string[]
  /** The accessibility audits that failed, by id and title. */
  failedAccessibility: string[]
  /** Every run's performance score, when the page was measured more than once. */
  runs?: number[]
}

/**
 * Lighthouse 12, mobile with its default (simulated) throttling, performance and accessibility.
 * `storage`: localStorage to set on the origin first (a signed-in learner). Lighthouse's own storage
 * reset would wipe it, so the reset is done here instead, leaving localStorage alone: the service
 * worker, Cache Storage and IndexedDB are cleared, and the page loads cold as for a first visit.
 */
/** Lighthouse's default CPU slowdown for a mobile run (a mid-range phone on a fast desktop). */
const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier
let cpuSlowdown = DEFAULT_CPU_SLOWDOWN

/**
 * The slow setting (issue 48): slow the simulated CPU further, so the phone Lighthouse simulates has about
 * the benchmark index `targetIndex` (a slow machine of ours measured 680–1,075 with the default 4×).
 * Calibrated once, on the landing page, so every page and its floor in the run share one slowdown.
 * Answers the slowdown chosen.
 */
export async function slowDownTo(server: TestServer, targetIndex: number): Promise<{ slowdown: number; benchmarkIndex: number }> {
  // PHONE_CPU_SLOWDOWN=14: that slowdown, not calibrated (builds compared on a busy machine, whose calibration moves with its load).
  const fixed = Number(process.env.PHONE_CPU_SLOWDOWN ?? 0)
  if (fixed > 0) {
    cpuSlowdown = fixed
    return { slowdown: fixed, benchmarkIndex: Number.NaN }
  }
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN
  const calibration = await lighthouseOnce(server.baseUrl + '/')
  // The default 4× on this machine simulates an index of benchmarkIndex; 4 × (benchmarkIndex / target) brings it to target.
  cpuSlowdown = Math.max(DEFAULT_CPU_SLOWDOWN, Math.round(DEFAULT_CPU_SLOWDOWN * (calibration.benchmarkIndex / targetIndex) * 10) / 10)
  return { slowdown: cpuSlowdown, benchmarkIndex: calibration.benchmarkIndex }
}

async function lighthouseOnce(url: string, storage?: Record<string, string>): Promise<Omit<LighthouseScores, 'path'>> {
  process.env.CHROME_PATH = CHROMIUM
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] })
  try {
    if (storage) {
      const origin = new URL(url).origin
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
      const page = await browser.newPage()
      await page.goto(`${origin}/manifest.webmanifest`)
      await page.evaluate((items: Record<string, string>) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value)
      }, storage)
      const cdp = await page.createCDPSession()
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage,indexeddb' })
      await page.close()
      await browser.disconnect()
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(storage),
      // Simulated throttling (Lighthouse's default) with the run's CPU slowdown; the rest of mobile's defaults.
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      // LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to the kept trace (which functions a long task ran);
      // it costs time of its own, so scores taken with it are not comparable.
      ...(process.env.LIGHTHOUSE_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    // LIGHTHOUSE_REPORT_DIR keeps each full report, to read what a score is made of.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true })
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root'
      fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(result.lhr))
      // The trace the scores were simulated from: its long tasks say what the main thread was doing.
      const trace = (result.artifacts as { Trace?: unknown }).Trace
      if (trace) fs.writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(trace))
    }
    const { categories, audits, runtimeError, runWarnings, environment } = result.lhr
    const warnings = [...(runtimeError ? [`${runtimeError.code}: ${runtimeError.message}`] : []), ...runWarnings]
    const failedAccessibility = (categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => `${audit!.id}: ${audit!.title}`)
    return {
      warnings,
      failedAccessibility,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      benchmarkIndex: Math.round(environment.benchmarkIndex),
      simulatedIndex: Math.round((environment.benchmarkIndex * DEFAULT_CPU_SLOWDOWN) / cpuSlowdown),
    }
  } finally {
    chrome.kill()
  }
}

/** How many times Lighthouse measures each page: one run's TBT moves by hundreds of milliseconds on a quiet machine. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))

/**
 * Lighthouse on one page, LIGHTHOUSE_RUNS times; the run with the median performance score stands for the
 * page (as Lighthouse's own guidance does with several runs), and `runs` lists every score. A run whose
 * trace broke (NO_NAVSTART and friends: a hiccup, not a score) is measured once more.
 */
export async function runLighthouse(server: TestServer, pagePath: string, storage?: Record<string, string>): Promise<LighthouseScores> {
  const runs: LighthouseScores[] = []
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    let scores = { path: pagePath, ...(await lighthouseOnce(server.baseUrl + pagePath, storage)) }
    if (scores.performance === 0 && scores.warnings.length > 0) scores = { path: pagePath, ...(await lighthouseOnce(server.baseUrl + pagePath, storage)) }
    runs.push(scores)
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!
  return { ...median, runs: runs.map((run) => run.performance) }
}

export function printLighthouse(scores: LighthouseScores, label = scores.path): void {
  const runs = scores.runs && scores.runs.length > 1 ? `; median of ${scores.runs.join(', ')}` : ''
  console.log(`  lighthouse ${label.padEnd(22)} performance ${scores.performance}, accessibility ${scores.accessibility} (LCP ${scores.lcpMs} ms, TBT ${scores.tbtMs} ms${runs}; benchmark index ${scores.benchmarkIndex}, simulated phone ${scores.simulatedIndex})`)
  for (const warning of scores.warnings) console.log(`    note: ${warning}`)
  for (const failed of scores.failedAccessibility) console.log(`    accessibility: ${failed}`)
}
