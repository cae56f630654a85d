/**
 * The PWA's weight and speed budget. Builds nothing: it reads the built app in dist/pwa (run
 * `npm run build` first), serves it with the real server, and
 * - loads the landing page (signed out) and the languages page (signed in) in Chromium, summing the
 *   size of every JavaScript file each one fetched as the browser received it (our server sends the
 *   build's Brotli copies since issue 32), and, beside it for comparison with earlier runs, gzip -9 of
 *   the same files (what the budget counted while the server sent them uncompressed);
 * - runs Lighthouse 12 (mobile, its default) on the landing and explainer pages and prints the
 *   performance and accessibility scores.
 * Goals: landing ≤ 90 KB and languages ≤ 150 KB of JS as sent, Lighthouse performance ≥ 95, accessibility 100.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { startTestServer } from '../sync-server/test-support/test-server.ts'
import { CHROMIUM, CHROMIUM_FLAGS, DIST, measure, printLighthouse, requireBuild, runLighthouse, signedInStorage, type LighthouseScores, type PageWeight } from './lib/browser.ts'

export const PWA_BUDGET_GOALS = { landingKb: 90, languagesKb: 150, performance: 95, accessibility: 100 } as const

export interface PwaBudgetResult {
  landing: PageWeight
  languages: PageWeight
  lighthouse: LighthouseScores[]
  goalsMet: boolean
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

export async function runPwaBudget(): Promise<PwaBudgetResult> {
  requireBuild()
  console.log('\n## PWA budget (JavaScript per page as sent, and as gzip -9; Lighthouse mobile)')
  const server = await startTestServer({ checkAnswers: false, pwaDist: DIST, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const landing = await measure(browser, server, '/', '[data-testid="landing-start"]', { i18nextLng: 'en' })
    const languages = await measure(browser, server, '/languages', '[data-testid="language-list"]', await signedInStorage(server, 'budget@example.com'))
    console.log(`  landing   /            ${kb(landing.sentBytes)} KB sent (${kb(landing.gzipBytes)} KB as gzip) in ${landing.scripts} scripts (goal ≤ ${PWA_BUDGET_GOALS.landingKb} KB)`)
    console.log(`  languages /languages   ${kb(languages.sentBytes)} KB sent (${kb(languages.gzipBytes)} KB as gzip) in ${languages.scripts} scripts (goal ≤ ${PWA_BUDGET_GOALS.languagesKb} KB)`)

    const lighthouseScores: LighthouseScores[] = []
    // The explainer is measured where the spec puts it and at its /en/ copy (the same page, without the
    // server's trailing-slash redirect in front of it).
    for (const pagePath of ['/', '/comprehensible-input', '/en/']) {
      const scores = await runLighthouse(server, pagePath)
      lighthouseScores.push(scores)
      printLighthouse(scores)
    }
    const goalsMet =
      landing.sentBytes <= PWA_BUDGET_GOALS.landingKb * 1024 &&
      languages.sentBytes <= PWA_BUDGET_GOALS.languagesKb * 1024 &&
      lighthouseScores.every(
        (score) => score.performance >= PWA_BUDGET_GOALS.performance && score.accessibility >= PWA_BUDGET_GOALS.accessibility,
      )
    console.log(`  goals (≤ 90 KB, ≤ 150 KB, performance ≥ 95, accessibility 100): ${goalsMet ? 'met' : 'NOT met'}`)
    console.log('  (Lighthouse throttles the CPU 4x on top of the real one: run it on an otherwise idle machine.)')
    return { landing, languages, lighthouse: lighthouseScores, goalsMet }
  } finally {
    await browser.close()
    await server.close()
  }
}

// Run directly: `node --import tsx bench/pwa-budget.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runPwaBudget().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
