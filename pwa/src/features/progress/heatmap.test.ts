import { describe, expect, it } from 'vitest'
import { HEATMAP_CELL, HEATMAP_GAP, HEATMAP_LEFT, heatmapWeeks, heatmapWidth, monthSummaries, shade, type HeatmapDay } from './heatmap.ts'

const day = (date: string, minutes: number, goal = 15): HeatmapDay => ({ date, watch_seconds: minutes * 60, goal_minutes: goal, goal_met: minutes >= goal })

/** 365 days ending 2026-11-24 (a Tuesday). */
function year(): HeatmapDay[] {
  const days: HeatmapDay[] = []
  for (let i = 364; i >= 0; i--) days.push(day(new Date(Date.UTC(2026, 10, 24) - i * 86_400_000).toISOString().slice(0, 10), i % 7 === 0 ? 20 : i % 3))
  return days
}

describe('the year heatmap', () => {
  it('lays 365 days out as Monday-first weeks, every day once and in order', () => {
    const weeks = heatmapWeeks(year())
    expect(weeks.every((week) => week.length === 7)).toBe(true)
    const cells = weeks.flat().filter((cell) => cell !== null)
    expect(cells).toHaveLength(365)
    expect(cells[0]!.date).toBe('2025-11-25')
    expect(cells.at(-1)!.date).toBe('2026-11-24')
    // 2026-11-24 is a Tuesday: the second slot of the last week, followed by empty slots.
    expect(weeks.at(-1)!.slice(1).map((cell) => cell?.date ?? null)).toEqual(['2026-11-24', null, null, null, null, null])
    expect(cells.every((cell) => weeks.flat().indexOf(cell) % 7 === cell.weekday)).toBe(true)
  })

  it('counts a day in the whole minutes the header counts: 14 min 50 s of a 15 min goal is 14, not 15', () => {
    const days: HeatmapDay[] = [
      { date: '2026-11-23', watch_seconds: 890, goal_minutes: 15, goal_met: false },
      { date: '2026-11-24', watch_seconds: 119, goal_minutes: 15, goal_met: false },
    ]
    const cells = heatmapWeeks(days).flat().filter((cell) => cell !== null)
    expect(cells.map((cell) => cell.minutes)).toEqual([14, 1])
    expect(monthSummaries(days)[0]!.minutes).toBe(16)
  })

  it('leaves room for a month whose name starts in the last week ("Dec", "thg 12" at 10px)', () => {
    const weeks = heatmapWeeks(year()).length
    const lastColumn = HEATMAP_LEFT + (weeks - 1) * (HEATMAP_CELL + HEATMAP_GAP)
    // "thg 12": six characters of about 5.5px at 10px.
    expect(heatmapWidth(weeks) - lastColumn).toBeGreaterThanOrEqual(33)
  })

  it('marks a day that met its goal, and shades the others by their share of it', () => {
    expect(shade(0, 15, false)).toBe(0)
    expect(shade(3, 15, false)).toBe(1)
    expect(shade(8, 15, false)).toBe(2)
    expect(shade(12, 15, false)).toBe(3)
    expect(shade(15, 15, true)).toBe(4)
  })

  it('sums each month as the text equivalent: minutes, days watched, days the goal was met', () => {
    const months = monthSummaries([day('2026-10-31', 20), day('2026-11-01', 5), day('2026-11-02', 0), day('2026-11-03', 16)])
    expect(months).toEqual([
      { month: '2026-10', minutes: 20, daysWatched: 1, daysMet: 1 },
      { month: '2026-11', minutes: 21, daysWatched: 2, daysMet: 1 },
    ])
  })
})
