/**
 * What the player does at a tick of its clock (once a frame while playing, on timeupdate in the
 * background, where frames stop), decided from the state alone: a looped line starts again 50 ms
 * before its end, a slow replay ends with its line, auto-pause stops before each line end crossed in
 * continuous play (`previous` is null right after a seek: no crossing over a jump), and the time the
 * views show moves four times a second, or at once when a shown line changes.
 */
import { activeLine, anchorLine, crossedLineEnd, END_MARGIN_SECONDS } from './lines.ts'
import { toolLines, type PlayerState } from './player-state.ts'

export interface ClockTick {
  /** Seek here (the looped line's start); nothing else happens at this tick. */
  loopTo?: number
  /** The slow replay's line is over: the speed goes back. */
  endSlow: boolean
  /** Pause at the line's end (and say so). */
  autoPause: boolean
  /** Write the new time for the views. */
  showTime: boolean
}

export function clockTick(state: PlayerState, previous: number | null, time: number, playing: boolean): ClockTick {
  const lines = toolLines(state)
  let endSlow = false
  if (playing && previous !== null) {
    const loop = lines[state.loopLine]
    const slow = lines[state.slowLine]
    if (loop && time >= loop.end - END_MARGIN_SECONDS) return { loopTo: loop.start, endSlow, autoPause: false, showTime: false }
    endSlow = Boolean(slow && (time >= slow.end - END_MARGIN_SECONDS || time < slow.start - 1))
    if (state.prefs.autoPause && !loop && crossedLineEnd(lines, previous, time) !== null) return { endSlow, autoPause: true, showTime: false }
  }
  // The views follow lines exactly but the clock only four times a second.
  const showTime = Math.abs(time - state.time) >= 0.25 || shownKey(state, time) !== shownKey(state, state.time)
  return { endSlow, autoPause: false, showTime }
}

/** Which line each track shows at `time`, and the tool track's anchor line, as one key. */
function shownKey(state: PlayerState, time: number): string {
  let key = ''
  for (const track of Object.values(state.tracks)) key += `${track?.lines ? activeLine(track.lines, time) : -1},`
  return key + anchorLine(toolLines(state), time)
}
