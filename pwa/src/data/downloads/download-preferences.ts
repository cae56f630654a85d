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

/** The video or the audio alone (commute mode), kept between downloads; the video unless chosen. */
const KIND_KEY = 'downloadKind'

export function preferredKind(): 'video' | 'audio' {
  try {
    return localStorage.getItem(KIND_KEY) === 'audio' ? 'audio' : 'video'
  } catch {
    return 'video'
  }
}

export function savePreferredKind(kind: 'video' | 'audio'): void {
  try {
    localStorage.setItem(KIND_KEY, kind)
  } catch {
    // private mode: the video stands
  }
}

/** Smart downloads (features/downloads/smart-downloads.ts): off by default. */
const SMART_KEY = 'smartDownloads'

export interface SmartSettings {
  enabled: boolean
  count: number
  budgetMb: number
  level: string
}

export const DEFAULT_SMART: SmartSettings = { enabled: false, count: 3, budgetMb: 500, level: 'beginner' }

const smartListeners = new Set<() => void>()

export function readSmartSettings(): SmartSettings {
  try {
    return { ...DEFAULT_SMART, ...(JSON.parse(localStorage.getItem(SMART_KEY) ?? '{}') as Partial<SmartSettings>) }
  } catch {
    return DEFAULT_SMART
  }
}

export function saveSmartSettings(settings: SmartSettings): void {
  localStorage.setItem(SMART_KEY, JSON.stringify(settings))
  for (const listener of smartListeners) listener()
}

/** Whether smart downloads are on, for useSyncExternalStore: follows this tab's changes and other tabs'. */
export const smartDownloadsEnabled = {
  get: (): boolean => readSmartSettings().enabled,
  subscribe(listener: () => void): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SMART_KEY) listener()
    }
    smartListeners.add(listener)
    window.addEventListener('storage', onStorage)
    return () => {
      smartListeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  },
}
