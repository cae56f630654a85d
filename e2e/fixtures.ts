/**
 * The e2e fixtures: one real server per worker (temp data folder, real SMTP capture) serving the built
 * app, and helpers to create people in the states the tests need. Signing in through the UI is tested
 * in auth.spec.ts; other tests sign in through the API (the same register → mail → verify round trip)
 * and hand the token to the page, as the app itself stores it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Page } from '@playwright/test'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The build under test: global-setup.ts makes it and says where. */
export const pwaDist = process.env.E2E_PWA_DIST ?? path.join(root, 'dist/pwa')

export interface SignedInUser {
  email: string
  token: string
  user: { id: number; email: string } & Record<string, unknown>
}

let counter = 0
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`
}

export interface Fixtures {
  /** Signs a fresh person in and opens `path` as them. */
  signInAs: (options?: { path?: string; premium?: boolean; admin?: boolean; contributor?: boolean; email?: string }) => Promise<SignedInUser>
}

export const test = base.extend<Fixtures, { server: TestServer }>({
  server: [
    // Playwright's fixture signature needs the (empty) first argument.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = await startTestServer({
        pwaDist,
        // One server signs in every spec's people from loopback: more than 100 code checks in 10 minutes.
        env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', VERIFY_PER_IP_PER_10_MINUTES: '100000' },
      })
      await provide(server)
      await server.close()
    },
    { scope: 'worker' },
  ],
  // Playwright calls the second argument `use`; named `provide` here so the React hooks lint leaves it be.
  baseURL: async ({ server }, provide) => {
    await provide(server.baseUrl)
  },
  signInAs: async ({ server, page }, provide) => {
    await provide(async (options = {}) => {
      const email = options.email ?? uniqueEmail()
      const { token } = await signIn(server, email)
      const flags = { is_premium: options.premium, is_admin: options.admin, is_contributor: options.contributor }
      for (const [column, on] of Object.entries(flags)) {
        if (on) server.ctx.sqlite.prepare(`UPDATE users SET ${column} = 1 WHERE email = ?`).run(email)
      }
      // The user as it is now, flags included, from /me (not a second sign-in: the server limits
      // sign-ins per address and per network, and a whole suite shares one of each).
      const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${token}` } })
      if (me.status !== 200) throw new Error(`/me answered ${me.status}`)
      const user = (await me.json()) as SignedInUser['user']
      await openAs(page, { token, user }, options.path ?? '/languages')
      return { email, token, user }
    })
  },
})

/** Stores the session the way the app does after a sign-in, then opens `path`. */
export async function openAs(page: Page, session: { token: string; user: unknown }, pagePath: string, base = '') {
  await page.goto(`${base}/apply`)
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', JSON.stringify(user))
      localStorage.setItem('sessionStart', String(Date.now()))
    },
    { token: session.token, user: session.user },
  )
  await page.goto(`${base}${pagePath}`)
}

/**
 * Waits until the page's app is live. A prerendered page loads the app only at the visitor's first move
 * (see pwa/src/app/entry.ts): a Shift key press, which does nothing else, is that move.
 */
export async function appReady(page: Page) {
  await page.keyboard.press('Shift')
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
}

export { expect }
