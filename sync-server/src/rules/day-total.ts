/**
 * A day's total, stated once for the ingest's stores and the daily-totals repository: no day holds more
 * than WATCH_DAY_MAX_SECONDS of watch time, nor of listening time, whatever is added to it (the union of
 * covered time allows 24 h plus the minute an event may reach back past midnight; a daylight-saving day
 * is 25 h long). A first write takes the seconds capped; a day already stored adds them in SQL, capped,
 * since only the database holds its current total inside the batch's transaction.
 */
import { WATCH_DAY_MAX_SECONDS } from '../../../contract/index.ts'

/** Seconds as a day's first write stores them. */
export function capDaySeconds(seconds: number): number {
  return Math.min(seconds, WATCH_DAY_MAX_SECONDS)
}

/**
 * The SQL of `current + added`, capped, for both engines (a CASE: MIN and LEAST differ between them).
 * Both arguments are column references the caller writes, never input.
 */
export function cappedDaySumSql(current: string, added: string): string {
  return `CASE WHEN ${current} + ${added} > ${WATCH_DAY_MAX_SECONDS} THEN ${WATCH_DAY_MAX_SECONDS} ELSE ${current} + ${added} END`
}
