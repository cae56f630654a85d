/**
 * A device's name from its User-Agent, for the devices list ("Chrome on Android"). Ours rather than a
 * library: the list needs only the browser family and the system, a dozen ordered patterns cover the
 * browsers the app supports, and ua-parser-js (its 2.x is AGPL) or bowser would add a dependency for
 * detail (versions, models, engines) nobody sees. Order matters: Edge, Opera and Samsung Internet say
 * "Chrome" too, and every iOS browser says "Safari".
 */
export interface DeviceName {
  browser: string | null
  os: string | null
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bCocCoc|\bcoc_coc_browser\//, 'Cốc Cốc'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari|\bAppleWebKit\/.*\(KHTML, like Gecko\)(?!.*Chrome)/, 'Safari'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function deviceName(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return { browser: null, os: null }
  const first = (list: ReadonlyArray<[RegExp, string]>) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
  return { browser: first(BROWSERS), os: first(SYSTEMS) }
}
