/**
 * The browser's time zone in e2e: Vietnam's, unless its midnight is near. Watch time counts toward
 * the learner's local day and the goal bar shows today's, so 30 s of play that straddles midnight
 * fills a day that has just ended and the bar starts again from 0 (most likely what failed once in
 * CI: that run reached the watching tests shortly before midnight in Ho Chi Minh City, and the bar
 * stayed at 0 with everything sent). Near that hour the suite runs on London's clock, six or seven
 * hours behind and far from its own midnight. The whole suite takes about ten minutes, well inside
 * the two hours this leaves either way.
 */
const PREFERRED = 'Asia/Ho_Chi_Minh'
const NEAR_MIDNIGHT_FALLBACK = 'Europe/London'

function hourIn(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(at))
}

export function e2eTimeZone(at = new Date()): string {
  const hour = hourIn(PREFERRED, at)
  return hour >= 22 || hour === 0 ? NEAR_MIDNIGHT_FALLBACK : PREFERRED
}

export const E2E_TIME_ZONE = e2eTimeZone()
