/**
 * Installing is offered, never pushed. Chromium hands us `beforeinstallprompt` (caught here, at start,
 * because it can fire before React renders); iPhone and iPad Safari have no such event, so they get a
 * short how-to instead. Neither shows once the app is installed or the offer was dismissed.
 */
import { useSyncExternalStore } from 'react'
import { readString, STORAGE_KEYS, writeString } from '../../data/storage.ts'
import { takeEarlyInstallEvent } from './early-install.ts'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOffer = 'none' | 'prompt' | 'ios-howto'

const listeners = new Set<() => void>()
let deferred = takeEarlyInstallEvent() as BeforeInstallPromptEvent | null
let installed = false
/**
 * "Not now" holds for INSTALL_QUIET_MS (issue 41 item 11: remembered for weeks, then offered once
 * more). The key keeps when it was said; the older value '1' counts as said today.
 */
export const INSTALL_QUIET_MS = 28 * 86_400_000
let dismissed = readDismissal(Date.now())

export function readDismissal(now: number): boolean {
  const kept = readString(STORAGE_KEYS.installDismissed)
  if (kept === null) return false
  const at = Number(kept)
  if (kept === '1' || !Number.isFinite(at)) {
    writeString(STORAGE_KEYS.installDismissed, String(now))
    return true
  }
  return now - at < INSTALL_QUIET_MS
}

function notify() {
  for (const listener of listeners) listener()
}

export function isStandalone(): boolean {
  const navigatorWithStandalone = navigator as Navigator & { standalone?: boolean }
  return navigatorWithStandalone.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true
}

/** iPhone, iPod, and iPad (which may claim to be a Mac but has touch), in Safari itself. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  const otherBrowser = /\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA)\//.test(userAgent)
  return ios && !otherBrowser && /\bSafari\//.test(userAgent)
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    installed = true
    deferred = null
    notify()
  })
}

export function currentOffer(): InstallOffer {
  return dismissed ? 'none' : offerEvenIfDismissed()
}

/** What installing the browser allows, whether or not the banner was put away ("Not now"). */
export function offerEvenIfDismissed(): InstallOffer {
  if (installed || isStandalone()) return 'none'
  if (deferred) return 'prompt'
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0)) return 'ios-howto'
  return 'none'
}

export async function promptInstall(): Promise<void> {
  const event = deferred
  if (!event) return
  deferred = null
  await event.prompt()
  const choice = await event.userChoice
  if (choice.outcome === 'accepted') installed = true
  notify()
}

export function dismissInstall(): void {
  dismissed = true
  writeString(STORAGE_KEYS.installDismissed, String(Date.now()))
  notify()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useInstallOffer(options: { evenIfDismissed?: boolean } = {}): InstallOffer {
  return useSyncExternalStore(subscribe, options.evenIfDismissed ? offerEvenIfDismissed : currentOffer, () => 'none')
}
