/**
 * Fixtures of the engine suite: the real server (as e2e/fixtures.ts starts it, serving the build
 * global-setup.ts made) behind a tunnel the test can cut, and a fresh browser of the project's engine
 * for each test (a new profile: no service worker, cache or database from another test). An engine
 * missing from the machine fails its tests with what to install; E2E_ENGINES leaves engines out.
 */
import { test as base, expect } from '@playwright/test'
import { signIn, startTestServer, type TestServer } from '../../sync-server/test-support/test-server.ts'
import { pwaDist, uniqueEmail } from '../fixtures.ts'
import type { EngineBrowser, EngineName, Tab } from './driver.ts'
import { launchPuppeteer, puppeteerEngineMissing } from './puppeteer-engine.ts'
import { startTunnel, type Tunnel } from './tunnel.ts'
import { launchWebKit, webkitMissing } from './webkit-engine.ts'

/** A phone's width; MiniBrowser's window stops at 447 px, so WebKit runs at its narrowest. */
export const PHONE = { width: 390, height: 844 }

export function engineMissing(engine: EngineName): string | undefined {
  return engine === 'webkit' ? webkitMissing() : puppeteerEngineMissing(engine)
}

export interface Network {
  /** Offline as the browser knows it: its own switch where the driver has one, and the tunnel cut. */
  offline(): Promise<void>
  /** Lie-fi: only the tunnel is cut; the browser still says it is online. */
  lieFi(): Promise<void>
  /** Everything answers again. */
  online(): Promise<void>
}

interface EngineFixtures {
  engine: EngineName
  engineBrowser: EngineBrowser
  tab: Tab
  network: Network
  /** Signs a fresh person in through the API and opens `path` as them in `tab`. */
  signInAs: (options?: { path?: string; premium?: boolean; contributor?: boolean }) => Promise<{ email: string; token: string; user: { id: number } }>
}

export const test = base.extend<EngineFixtures, { server: TestServer; tunnel: Tunnel }>({
  engine: ['chromium', { option: true }],
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = await startTestServer({ pwaDist, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', VERIFY_PER_IP_PER_10_MINUTES: '100000' } })
      // As the real server does once listening (main.ts): the watch-event ingest thread starts now, not
      // with the first batch (starting it then took 1-2.4 s of the time the queue took to drain).
      server.ctx.services.watchEvents.warmUp()
      await provide(server)
      await server.close()
    },
    { scope: 'worker' },
  ],
  tunnel: [
    async ({ server }, provide) => {
      const url = new URL(server.baseUrl)
      const tunnel = await startTunnel({ host: url.hostname, port: Number(url.port) })
      await provide(tunnel)
      await tunnel.close()
    },
    { scope: 'worker' },
  ],
  engineBrowser: async ({ engine, tunnel }, provide) => {
    // A missing engine fails with what to install (.ci/run installs all three); E2E_ENGINES picks fewer.
    const missing = engineMissing(engine)
    if (missing) throw new Error(`The offline suite cannot run in ${engine}: ${missing}. Install it, or leave it out with E2E_ENGINES.`)
    const browser = engine === 'webkit' ? await launchWebKit(tunnel.origin, PHONE) : await launchPuppeteer(engine, tunnel.origin, PHONE)
    await provide(browser)
    tunnel.restore()
    await browser.close()
  },
  tab: async ({ engineBrowser: browser }, provide) => {
    await provide(await browser.newTab())
  },
  network: async ({ engineBrowser: browser, tunnel }, provide) => {
    await provide({
      async offline() {
        tunnel.cut()
        await browser.setOffline(true)
      },
      async lieFi() {
        tunnel.cut()
      },
      async online() {
        tunnel.restore()
        await browser.setOffline(false)
      },
    })
  },
  signInAs: async ({ server, tab }, provide) => {
    await provide(async (options = {}) => {
      const email = uniqueEmail(`engines`)
      const { token } = await signIn(server, email)
      const flags = { is_premium: options.premium, is_contributor: options.contributor }
      for (const [column, on] of Object.entries(flags)) {
        if (on) server.ctx.sqlite.prepare(`UPDATE users SET ${column} = 1 WHERE email = ?`).run(email)
      }
      const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${token}` } })
      const user = (await me.json()) as { id: number }
      // The session goes into localStorage from a document of the app's origin that is not the app (a
      // picture), so the app loads once, at `path`, and its worker is registered by the page the test
      // then waits on, not by a page left the moment it loaded (from /apply it was; one suspect, not
      // proven, for WebKit's worker that now and then stays installing: issue 33).
      await tab.goto('/favicon.svg')
      await tab.evaluate(
        ({ token: stored, user: who }) => {
          localStorage.setItem('token', stored)
          localStorage.setItem('user', JSON.stringify(who))
          localStorage.setItem('sessionStart', String(Date.now()))
          // The install offer (browsers.spec.ts tests it) sits over the bottom of a phone's screen.
          localStorage.setItem('installDismissed', '1')
        },
        { token, user },
      )
      await tab.goto(options.path ?? '/languages')
      return { email, token, user }
    })
  },
})

export { expect }
