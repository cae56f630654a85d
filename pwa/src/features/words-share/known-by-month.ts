/**
 * How many words became known each month, from when each state was set (a word marked known in March
 * and still known counts in March; one marked known, then learning again, counts nowhere). Months are
 * the device's local ones, as a person remembers them, oldest first, with the empty months between.
 */
import type { WordState } from '../../../../contract/vocabulary.ts'

export interface MonthCount {
  /** `YYYY-MM`, local. */
  month: string
  count: number
}

const monthOf = (when: number) => {
  const date = new Date(when)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number)
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/** Known words by month, from the first month one became known to `now`'s; none: an empty list. */
export function knownByMonth(states: ReadonlyArray<{ state: WordState; occurredAt: number }>, now = Date.now()): MonthCount[] {
  const counts = new Map<string, number>()
  for (const record of states) if (record.state === 'known') counts.set(monthOf(record.occurredAt), (counts.get(monthOf(record.occurredAt)) ?? 0) + 1)
  if (counts.size === 0) return []
  const last = [...counts.keys(), monthOf(now)].sort().at(-1)!
  const months: MonthCount[] = []
  for (let month = [...counts.keys()].sort()[0]; month <= last; month = nextMonth(month)) months.push({ month, count: counts.get(month) ?? 0 })
  return months
}
