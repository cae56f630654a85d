/**
 * The install offer (`beforeinstallprompt`) can arrive before the app has loaded: on the landing page the
 * app waits for the visitor's first move. entry.ts keeps the event here and install-state.ts takes it
 * up when it starts. No imports: this module is part of the landing page's first script.
 */
let early: Event | null = null

export function keepEarlyInstallEvent(event: Event): void {
  event.preventDefault()
  early = event
}

export function takeEarlyInstallEvent(): Event | null {
  const event = early
  early = null
  return event
}
