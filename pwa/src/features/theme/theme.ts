/**
 * The colour theme (issue 41 item 23): light, dark, or as the device says (`prefers-color-scheme`), the
 * default. The choice is kept in localStorage under `theme` so public/boot.js (a classic script, before
 * the first paint) sets `data-theme` on <html> without a flash; this module, loaded by app/entry.ts on
 * every page, keeps it in step with a change of the device's setting and with a choice made in Settings
 * (or read from the account's preferences). styles/dark.css holds the dark tokens.
 */
import type { Theme } from '../../../../contract/schemas/preferences.ts'

export type { Theme }
const KEY = 'theme'
const LIGHT_BAR = '#0f6e63'
const DARK_BAR = '#121816'

function deviceDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

export function readTheme(): Theme {
  let stored: string | null
  try {
    stored = localStorage.getItem(KEY)
  } catch {
    stored = null
  }
  return stored === 'light' || stored === 'dark' ? stored : 'device'
}

/** Sets <html data-theme> (and the browser bar's colour) from the kept choice. */
export function applyTheme(choice: Theme = readTheme()): void {
  const html = document.documentElement
  const dark = choice === 'dark' || (choice === 'device' && deviceDark())
  html.dataset.theme = dark ? 'dark' : 'light'
  html.style.colorScheme = dark ? 'dark' : 'light'
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? DARK_BAR : LIGHT_BAR)
}

/** Keeps a choice on this device and shows it at once. */
export function setTheme(choice: Theme): void {
  try {
    if (choice === 'device') localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, choice)
  } catch {
    // Storage blocked: the choice holds for this page view.
  }
  applyTheme(choice)
}

/** From app/entry.ts: follows the device's setting while the choice is "device", and another tab's choice. */
export function watchTheme(): void {
  applyTheme()
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme())
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) applyTheme()
  })
}
