/**
 * The arithmetic of a windowed list (use-row-window.ts): where each row starts, which rows meet a span
 * of the page, and what stands for the rows left out. Rows are laid out in a flex column with a `gap`
 * between items, so a gap standing for k rows is their heights plus k − 1 gaps: with the gaps on both
 * of its sides it takes exactly the room the k rows took.
 */

export type WindowItem = { kind: 'row'; index: number } | { kind: 'gap'; key: string; height: number }

/** offsets[i] is where row i starts in the list; offsets[n] is the list's height plus one gap. */
export function rowOffsets(heights: readonly number[], gap: number): number[] {
  const offsets = new Array<number>(heights.length + 1)
  offsets[0] = 0
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i] + heights[i] + gap
  return offsets
}

/** The rows [start, end) that meet the span [from, to) of the list (both in the list's own pixels). */
export function rowsMeeting(offsets: readonly number[], from: number, to: number): { start: number; end: number } {
  const count = offsets.length - 1
  if (count <= 0) return { start: 0, end: 0 }
  // The first row whose bottom is below `from`, and the first row starting at or past `to`.
  const start = Math.min(firstIndex(offsets, (i) => offsets[i + 1] > from, count), count - 1)
  const end = Math.max(firstIndex(offsets, (i) => offsets[i] >= to, count), start + 1)
  return { start, end }
}

/** The first i in [0, count) for which `past(i)` holds (it holds for every later i too), or count. */
function firstIndex(offsets: readonly number[], past: (i: number) => boolean, count: number): number {
  let low = 0
  let high = count
  while (low < high) {
    const mid = (low + high) >> 1
    if (past(mid)) high = mid
    else low = mid + 1
  }
  return low
}

/**
 * The list's children in order: the rows of [start, end), the pinned rows wherever they are (a focused
 * or chosen row stays mounted when scrolled away), and a gap for each run of rows left out.
 */
export function windowItems(offsets: readonly number[], gap: number, range: { start: number; end: number }, pinned: readonly number[]): WindowItem[] {
  const count = offsets.length - 1
  const shown = new Set<number>()
  for (let i = range.start; i < Math.min(range.end, count); i++) shown.add(i)
  for (const index of pinned) if (index >= 0 && index < count) shown.add(index)
  const items: WindowItem[] = []
  let next = 0
  for (const index of [...shown].sort((a, b) => a - b)) {
    if (index > next) items.push(gapFor(offsets, gap, next, index))
    items.push({ kind: 'row', index })
    next = index + 1
  }
  if (next < count) items.push(gapFor(offsets, gap, next, count))
  return items
}

function gapFor(offsets: readonly number[], gap: number, from: number, to: number): WindowItem {
  // offsets[to] − offsets[from] is the k rows and k gaps; the gap item's own two neighbours' gaps take one more.
  return { kind: 'gap', key: `gap-${from}`, height: offsets[to] - offsets[from] - gap }
}
