/**
 * The browser-compatibility rule (spec section 2): warn below Chrome 90, Firefox 88, Safari 14 or
 * Edge 90, or without ES module support. Every browser on iOS is WebKit, so there the iOS version
 * decides. Browsers we cannot identify are given the benefit of the doubt.
 */
export const MINIMUM_VERSIONS = { chrome: 90, firefox: 88, safari: 14, edge: 90 } as const

export type BrowserName = keyof typeof MINIMUM_VERSIONS

export interface CompatResult {
  supported: boolean
  browser: BrowserName | null
  version: number | null
  reason: 'ok' | 'old-version' | 'no-modules'
}

function major(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent)
  return match ? Number(match[1]) : null
}

export function identifyBrowser(userAgent: string): { browser: BrowserName; version: number } | null {
  const iosVersion = /\b(iPhone|iPad|iPod)\b/.test(userAgent) ? major(userAgent, /\bOS (\d+)[_.]\d/) : null
  if (iosVersion !== null) return { browser: 'safari', version: iosVersion }
  const edge = major(userAgent, /\bEdg(?:e|A|iOS)?\/(\d+)/)
  if (edge !== null) return { browser: 'edge', version: edge }
  const firefox = major(userAgent, /\bFirefox\/(\d+)/)
  if (firefox !== null) return { browser: 'firefox', version: firefox }
  const chrome = major(userAgent, /\b(?:Chrome|Chromium|CriOS)\/(\d+)/)
  if (chrome !== null) return { browser: 'chrome', version: chrome }
  const safari = /\bSafari\//.test(userAgent) ? major(userAgent, /\bVersion\/(\d+)/) : null
  if (safari !== null) return { browser: 'safari', version: safari }
  return null
}

export function checkBrowser(userAgent: string, supportsModules: boolean): CompatResult {
  const found = identifyBrowser(userAgent)
  if (!supportsModules) {
    return { supported: false, browser: found?.browser ?? null, version: found?.version ?? null, reason: 'no-modules' }
  }
  if (!found) return { supported: true, browser: null, version: null, reason: 'ok' }
  const supported = found.version >= MINIMUM_VERSIONS[found.browser]
  return { ...found, supported, reason: supported ? 'ok' : 'old-version' }
}

/** Module support, asked the way the platform answers it. */
export function browserSupportsModules(): boolean {
  return typeof HTMLScriptElement !== 'undefined' && 'noModule' in HTMLScriptElement.prototype
}
