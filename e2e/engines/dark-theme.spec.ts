/**
 * The dark theme in each engine (issue 41 item 23): Dark chosen in Settings shows at once, holds over a
 * reload (set by boot.js before the app runs), and Light brings the light paper back.
 */
import { expect, test } from './fixtures.ts'
import { until } from './pages.ts'

const theme = () => document.documentElement.dataset.theme ?? null
const paper = () => getComputedStyle(document.documentElement).backgroundColor

test('Dark chosen in Settings shows at once, holds over a reload, and Light brings the paper back', async ({ tab, signInAs }) => {
  await signInAs({ path: '/languages' })
  await until(tab, 'the goal bar', () => document.querySelector('[data-testid="goal-bar"]') !== null)
  expect(await tab.evaluate(theme)).toBe('light')
  const light = await tab.evaluate(paper)

  const openSettings = async () => {
    await tab.click({ css: '[data-testid="user-menu"] button' })
    await tab.click({ css: '[role="menuitem"]', text: 'Settings' })
    await until(tab, 'the settings dialog', () => document.querySelector('[data-testid="settings-dialog"]') !== null)
  }
  await openSettings()
  await tab.click({ css: '[data-testid="settings-dialog"] label.segmented-option', text: 'Dark' })
  await until(tab, 'the dark theme', () => document.documentElement.dataset.theme === 'dark')
  expect(await tab.evaluate(paper)).not.toBe(light)

  await tab.reload()
  await until(tab, 'the page after the reload', () => document.readyState !== 'loading')
  expect(await tab.evaluate(theme)).toBe('dark')
  expect(await tab.evaluate(paper)).not.toBe(light)

  await until(tab, 'the goal bar', () => document.querySelector('[data-testid="goal-bar"]') !== null)
  await openSettings()
  await tab.click({ css: '[data-testid="settings-dialog"] label.segmented-option', text: 'Light' })
  await until(tab, 'the light theme', () => document.documentElement.dataset.theme === 'light')
  expect(await tab.evaluate(paper)).toBe(light)
})
