/** What each feedback carries about where it was written (spec section 3), read at the moment of sending. */
import type { EnvironmentData } from '../../../../contract/schemas/feedback.ts'

export interface EnvironmentSources {
  navigator: Pick<Navigator, 'userAgent' | 'language'>
  screen: Pick<Screen, 'width' | 'height'>
  window: Pick<Window, 'innerWidth' | 'innerHeight' | 'devicePixelRatio'>
  pathname: string
  appLanguage: string
  sessionDuration: number | null
  now: Date
}

export function collectEnvironmentData(sources: EnvironmentSources): EnvironmentData {
  return {
    userAgent: sources.navigator.userAgent,
    screenResolution: `${sources.screen.width}x${sources.screen.height}`,
    viewportDimensions: `${sources.window.innerWidth}x${sources.window.innerHeight}`,
    devicePixelRatio: sources.window.devicePixelRatio,
    browserLanguage: sources.navigator.language,
    currentPage: sources.pathname,
    appLanguage: sources.appLanguage,
    sessionDuration: sources.sessionDuration,
    timestamp: sources.now.toISOString(),
  }
}
