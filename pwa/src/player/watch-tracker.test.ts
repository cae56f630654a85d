import { describe, expect, it } from 'vitest'
import { WatchTracker } from './watch-tracker.ts'
import type { StretchUpdate, WatchStretch } from '../data/progress/watch-stretch.ts'

function setup(listening = false) {
  let now = 0
  let ids = 0
  const updates: StretchUpdate[] = []
  /** The closed stretches: the events that may be sent. */
  const events: WatchStretch[] = []
  const tracker = new WatchTracker(
    (update) => {
      updates.push(update)
      if (!update.open && update.stretch) events.push(update.stretch)
    },
    { monotonic: () => now, wall: () => Date.UTC(2026, 10, 22) + now },
    () => `stretch-${++ids}`,
    listening,
  )
  return { tracker, events, updates, tick: (seconds: number) => void (now += seconds * 1000) }
}

/** Plays from `from` for `seconds` at `rate`, with a timeupdate every quarter second. */
function play(t: ReturnType<typeof setup>, from: number, seconds: number, rate = 1) {
  let position = from
  for (let i = 0; i < seconds * 4; i++) {
    t.tick(0.25)
    position += 0.25 * rate
    t.tracker.timeUpdate(position)
  }
  return position
}

describe('WatchTracker', () => {
  it('counts played time and cuts it every 30 s of play', () => {
    const t = setup()
    t.tracker.started(0, 1)
    const end = play(t, 0, 70)
    t.tracker.stopped(end)
    expect(t.events.map((e) => [e.position_from, e.position_to, e.watched_seconds])).toEqual([
      [0, 30, 30],
      [30, 60, 30],
      [60, 70, 10],
    ])
    expect(t.events[0].occurred_at).toBe('2026-11-22T00:00:30.000Z')
  })

  it('reports the running stretch every half second of play, under the id it is closed with', () => {
    const t = setup()
    t.tracker.started(0, 1)
    const end = play(t, 0, 3)
    // Killed here, the page would have kept all but the last quarter second.
    const open = t.updates.filter((u) => u.open)
    expect(open.map((u) => u.stretch?.watched_seconds)).toEqual([0.5, 1, 1.5, 2, 2.5, 3])
    expect(new Set(open.map((u) => u.id))).toEqual(new Set(['stretch-1']))
    t.tracker.stopped(end)
    expect(t.updates.at(-1)).toEqual({ id: 'stretch-1', open: false, stretch: expect.objectContaining({ position_to: 3, watched_seconds: 3 }) })
  })

  it('gives each stretch its own id: a cut, a seek and a pause each start a new one', () => {
    const t = setup()
    t.tracker.started(0, 1)
    play(t, 0, 32) // cut at 30 s
    t.tracker.seeking()
    t.tracker.started(100, 1)
    const position = play(t, 100, 2)
    t.tracker.stopped(position)
    t.tracker.started(position, 1)
    t.tracker.stopped(play(t, position, 2))
    const closed = t.updates.filter((u) => !u.open).map((u) => u.id)
    expect(closed).toEqual(['stretch-1', 'stretch-2', 'stretch-3', 'stretch-4'])
    // Nothing is reported open after its close.
    for (const id of closed) expect(t.updates.findLastIndex((u) => u.id === id)).toBe(t.updates.findIndex((u) => u.id === id && !u.open))
  })

  it('drops a stretch kept while open that closes with too little to count', () => {
    const t = setup()
    t.tracker.started(0, 1)
    play(t, 0, 0.5)
    expect(t.updates).toEqual([{ id: 'stretch-1', open: true, stretch: expect.objectContaining({ watched_seconds: 0.5 }) }])
    t.tracker.stopped(0.25) // the player reports a position just short of the last one heard
    expect(t.updates.at(-1)).toEqual({ id: 'stretch-1', open: false, stretch: null })
    expect(t.events).toEqual([])
  })

  it('counts nothing while paused or hidden', () => {
    const t = setup()
    t.tracker.started(0, 1)
    let position = play(t, 0, 4)
    t.tracker.stopped(position)
    t.tick(30) // paused for 30 s
    t.tracker.started(position, 1)
    position = play(t, position, 3)
    t.tracker.visibilityChanged(false, position)
    t.tick(60) // another tab for a minute; the video may even keep playing
    t.tracker.timeUpdate(position + 60)
    t.tracker.visibilityChanged(true, position + 60)
    position = play(t, position + 60, 2)
    t.tracker.stopped(position)
    expect(t.events.map((e) => e.watched_seconds)).toEqual([4, 3, 2])
  })

  it('listening goes on counting with the page hidden (the screen off), every event saying listened', () => {
    const t = setup(true)
    t.tracker.started(0, 1)
    let position = play(t, 0, 4)
    t.tracker.visibilityChanged(false, position)
    position = play(t, position, 20) // the screen off: the audio plays on
    t.tracker.visibilityChanged(true, position)
    position = play(t, position, 2)
    t.tracker.stopped(position)
    expect(t.events.map((e) => [e.position_from, e.position_to, e.watched_seconds, e.mode])).toEqual([[0, 26, 26, 'listened']])
    // Watching says nothing of a mode (the server's default, watched).
    const watching = setup()
    watching.tracker.started(0, 1)
    watching.tracker.stopped(play(watching, 0, 2))
    expect(watching.events[0]).not.toHaveProperty('mode')
  })

  it('closes a stretch at a seek, counting up to the point left, not the target', () => {
    const t = setup()
    t.tracker.started(0, 1)
    play(t, 0, 6)
    t.tracker.seeking()
    t.tracker.started(100, 1)
    const end = play(t, 100, 3)
    t.tracker.stopped(end)
    expect(t.events.map((e) => [e.position_from, e.position_to])).toEqual([
      [0, 6],
      [100, 103],
    ])
  })

  it('counts the time after a seek that no `playing` follows (WebKit, a replayed line within what is buffered)', () => {
    const t = setup()
    t.tracker.started(0, 1)
    play(t, 0, 5)
    t.tracker.seeking() // Replay the line: back to 3 s, still playing, no `playing` event
    t.tick(0.25)
    t.tracker.timeUpdate(3)
    const end = play(t, 3, 5)
    t.tracker.stopped(end)
    expect(t.events.map((e) => [e.position_from, e.position_to, e.watched_seconds])).toEqual([
      [0, 5, 5],
      [3, 8, 5],
    ])
  })

  it('a seek while paused starts nothing: only play does', () => {
    const t = setup()
    t.tracker.started(0, 1)
    const at = play(t, 0, 4)
    t.tracker.stopped(at)
    t.tracker.seeking()
    t.tick(5)
    t.tracker.timeUpdate(1)
    t.tick(5)
    t.tracker.timeUpdate(1)
    expect(t.events.map((e) => [e.position_from, e.position_to])).toEqual([[0, 4]])
  })

  it('notices a seek it did not hear about from a jump in position', () => {
    const t = setup()
    t.tracker.started(0, 1)
    play(t, 0, 4)
    t.tick(0.25)
    t.tracker.timeUpdate(300) // jumped far ahead
    const end = play(t, 300, 2)
    t.tracker.stopped(end)
    expect(t.events.map((e) => [e.position_from, e.position_to])).toEqual([
      [0, 4],
      [300, 302],
    ])
  })

  it('records the speed and counts real time at 2x: 20 s of video in 10 s', () => {
    const t = setup()
    t.tracker.started(0, 2)
    const end = play(t, 0, 10, 2)
    t.tracker.stopped(end)
    expect(t.events).toEqual([expect.objectContaining({ position_from: 0, position_to: 20, watched_seconds: 10, playback_rate: 2 })])
  })

  it('splits at a change of speed', () => {
    const t = setup()
    t.tracker.started(0, 1)
    let position = play(t, 0, 4)
    t.tracker.rateChanged(position, 1.5)
    position = play(t, position, 4, 1.5)
    t.tracker.stopped(position)
    expect(t.events.map((e) => [e.playback_rate, e.watched_seconds])).toEqual([
      [1, 4],
      [1.5, 4],
    ])
  })

  it('adds nothing for a stalled player: wall time passes but the media does not move', () => {
    const t = setup()
    t.tracker.started(10, 1)
    for (let i = 0; i < 20; i++) {
      t.tick(0.25)
      t.tracker.timeUpdate(10)
    }
    t.tracker.stopped(10)
    expect(t.events).toEqual([])
  })

  it('keeps every event inside the server rules: at most 60 s and never more than the span allows', () => {
    const t = setup()
    t.tracker.started(0, 1)
    t.tick(200) // a throttled background timer: no timeupdates for a long while
    t.tracker.stopped(150)
    for (const e of t.events) {
      expect(e.watched_seconds).toBeLessThanOrEqual(60)
      expect(e.watched_seconds).toBeLessThanOrEqual((e.position_to - e.position_from) / e.playback_rate + 2)
    }
  })

  it('counts what is open when the page is left', () => {
    const t = setup()
    t.tracker.started(0, 1)
    t.tracker.dispose(play(t, 0, 7))
    expect(t.events.map((e) => e.watched_seconds)).toEqual([7])
  })
})
