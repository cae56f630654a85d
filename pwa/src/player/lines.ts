/**
 * The line arithmetic of the line tools: which caption line a moment belongs to, and where replay,
 * previous and next go. Lines are the cues of one track sorted by start; cues may overlap and leave
 * gaps. A moment belongs to the last line that started at or before it ("the line just heard"), so in
 * a gap, or after auto-pause stopped at a line's end, replay goes back to that line, not the next one.
 * Before the first line there is no line yet (-1): replay and next go to the first.
 */

export interface Line {
  start: number
  end: number
  text: string
}

/**
 * Auto-pause and loop stop this far before a line's end: the check runs once a frame (or every
 * timeupdate in the background), so stopping a hair early keeps the next line's first sound out.
 */
export const END_MARGIN_SECONDS = 0.05

/** The lines of a track in playing order: by start, then by end; empty and negative cues dropped. */
export function sortLines(cues: readonly Line[]): Line[] {
  return cues.filter((cue) => cue.end > cue.start && cue.start >= 0).sort((a, b) => a.start - b.start || a.end - b.end)
}

/** The last line that started at or before `time` (binary search), or -1 before the first line. */
export function anchorLine(lines: readonly Line[], time: number): number {
  let low = 0
  let high = lines.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (lines[middle].start <= time + 1e-6) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/**
 * The line on screen at `time`, at most one per track (the latest started of those still running, so
 * overlapping cues never stack), or -1 in a gap.
 */
export function activeLine(lines: readonly Line[], time: number): number {
  for (let index = anchorLine(lines, time); index >= 0; index--) {
    // A track has a few hundred lines at most: walking back over all is cheaper than an interval tree.
    if (lines[index].end > time) return index
  }
  return -1
}

/** The line the tools act on at `time`: the one just heard (in a gap too), the first before any. */
export function replayTarget(lines: readonly Line[], time: number): number {
  if (lines.length === 0) return -1
  return Math.max(0, anchorLine(lines, time))
}

/** The line before the one just heard (the first stays the first). */
export function previousTarget(lines: readonly Line[], time: number): number {
  if (lines.length === 0) return -1
  return Math.max(0, anchorLine(lines, time) - 1)
}

/** The line after the one just heard, or -1 after the last. */
export function nextTarget(lines: readonly Line[], time: number): number {
  const next = anchorLine(lines, time) + 1
  return next < lines.length ? next : -1
}

/**
 * The end of a line that playback crossed going from `from` to `to` (both positions of one continuous
 * play, not a seek), or null: where auto-pause stops. A line counts as ended END_MARGIN_SECONDS early;
 * a play that starts already past that point (resumed after a stop) does not stop there again.
 */
export function crossedLineEnd(lines: readonly Line[], from: number, to: number): number | null {
  if (to <= from) return null
  let crossed: number | null = null
  for (const line of lines) {
    if (line.start > to) break
    const stop = line.end - END_MARGIN_SECONDS
    if (stop > from && stop <= to && (crossed === null || stop < crossed)) crossed = stop
  }
  return crossed
}

/**
 * What another track says over each line (the English under each line of the video's own language in the transcript):
 * the cues whose middle falls within the line, else the one cue overlapping it most, else ''. The
 * tracks are timed apart (a translator splits and joins sentences), so no cue is matched by index.
 */
export function translationsFor(lines: readonly Line[], other: readonly Line[]): string[] {
  return lines.map((line) => {
    const inside = other.filter((cue) => {
      const middle = (cue.start + cue.end) / 2
      return middle >= line.start && middle < line.end
    })
    if (inside.length) return inside.map((cue) => cue.text).join(' ')
    let best = ''
    let most = 0
    for (const cue of other) {
      const overlap = Math.min(line.end, cue.end) - Math.max(line.start, cue.start)
      if (overlap > most) {
        most = overlap
        best = cue.text
      }
    }
    return best
  })
}
