import type { AccountSession } from '../../../../contract/schemas/account.ts'

/** "Chrome on Android", "Safari", "iPhone", or null when the server could read neither part. */
export function deviceLabel(device: AccountSession['device'], t: (key: string, values?: Record<string, string>) => string): string | null {
  if (device.browser && device.os) return t('devices.browserOnOs', { browser: device.browser, os: device.os })
  return device.browser ?? device.os ?? null
}
