/** The quality a learner downloads in, kept between downloads (a setting, not per video). */
const KEY = 'downloadQuality'
export const DOWNLOAD_QUALITIES = [360, 720] as const

export function preferredQuality(): number | undefined {
  try {
    const stored = Number(localStorage.getItem(KEY))
    return DOWNLOAD_QUALITIES.includes(stored as (typeof DOWNLOAD_QUALITIES)[number]) ? stored : undefined
  } catch {
    return undefined
  }
}

export function savePreferredQuality(height: number): void {
  try {
    localStorage.setItem(KEY, String(height))
  } catch {
    // private mode: the default (360p) stands
  }
}
