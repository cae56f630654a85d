import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PLAYER_PREFS } from '../data/preferences/player-prefs.ts'
import { PlayerController, SLOW_RATE } from './controller.ts'

/** A <video> as the controller uses it: events, a position, play and pause, a speed. */
class FakeVideo extends EventTarget {
  currentTime = 0
  paused = true
  ended = false
  duration = 12
  playbackRate = 1
  videoWidth = 1280
  videoHeight = 720
  play = vi.fn(async () => {
    this.paused = false
    this.dispatchEvent(new Event('play'))
  })
  pause = vi.fn(() => {
    this.paused = true
    this.dispatchEvent(new Event('pause'))
  })
  /** Playback reached `seconds` (the browser's timeupdate). */
  playTo(seconds: number) {
    this.currentTime = seconds
    this.dispatchEvent(new Event('timeupdate'))
  }
}

const LINES = [
  { start: 0, end: 2.5, text: 'Xin chào các bạn.' },
  { start: 3, end: 5.5, text: 'Hôm nay tôi đi chợ với mẹ.' },
  { start: 6, end: 8.5, text: 'Mẹ mua rau và cá.' },
]

function setup(prefs: Partial<typeof DEFAULT_PLAYER_PREFS> = {}) {
  const controller = new PlayerController()
  const video = new FakeVideo()
  const saved: Array<typeof DEFAULT_PLAYER_PREFS> = []
  controller.attach(video as unknown as HTMLVideoElement)
  controller.takePrefs({ ...DEFAULT_PLAYER_PREFS, ...prefs }, (next) => saved.push(next))
  controller.setLanguages(['vi', 'en'])
  controller.trackLoaded('vi', LINES)
  return { controller, video, saved }
}

describe('the player controller', () => {
  it('auto-pause stops at the end of each line played through, and goes on from there', async () => {
    const { controller, video } = setup({ autoPause: true })
    controller.play()
    video.playTo(0.5) // the first check only takes the position
    video.playTo(2)
    expect(video.paused).toBe(false)
    video.playTo(2.5)
    expect(video.paused).toBe(true)
    expect(controller.state.autoPaused).toBe(true)
    // Resumed right there: it does not stop again at the same end, but at the next one.
    controller.play()
    expect(controller.state.autoPaused).toBe(false)
    video.playTo(2.6)
    video.playTo(4)
    expect(video.paused).toBe(false)
    video.playTo(5.6)
    expect(video.paused).toBe(true)
  })

  it('does not stop at a line end jumped over by a seek', () => {
    const { controller, video } = setup({ autoPause: true })
    controller.play()
    video.playTo(1)
    video.dispatchEvent(new Event('seeking'))
    video.playTo(4)
    video.playTo(4.2)
    expect(video.paused).toBe(false)
  })

  it('replays the line just heard from its start, and plays the previous and next lines', () => {
    const { controller, video } = setup()
    video.currentTime = 5.45 // stopped at the second line's end
    controller.replayLine()
    expect(video.currentTime).toBe(3)
    expect(video.play).toHaveBeenCalled()
    video.currentTime = 4
    controller.previousLine()
    expect(video.currentTime).toBe(0)
    video.currentTime = 4
    controller.nextLine()
    expect(video.currentTime).toBe(6)
  })

  it('loops a line until the loop is turned off', () => {
    const { controller, video } = setup()
    video.currentTime = 3.2
    controller.toggleLoop()
    expect(controller.state.loopLine).toBe(1)
    video.playTo(3.4)
    video.playTo(5.48)
    expect(video.currentTime).toBe(3)
    controller.toggleLoop()
    video.playTo(3.2)
    video.playTo(5.6)
    expect(video.currentTime).toBe(5.6)
  })

  it('replays slowly once, then goes back to the chosen speed', () => {
    const { controller, video } = setup()
    controller.setSpeed(1.25)
    video.currentTime = 4
    controller.slowReplay()
    expect(video.playbackRate).toBe(SLOW_RATE)
    expect(video.currentTime).toBe(3)
    video.playTo(3.1)
    video.playTo(5.47)
    expect(video.playbackRate).toBe(1.25)
    expect(controller.state.slowLine).toBe(-1)
  })

  it('C turns the captions off and back to what was shown, and each change is kept', () => {
    const { controller, saved } = setup()
    controller.toggleCaptions()
    expect(controller.state.prefs.captions).toEqual({ vi: true, en: false })
    controller.setCaptions({ vi: true, en: true })
    controller.toggleCaptions()
    expect(controller.state.prefs.captions).toEqual({ vi: false, en: false })
    controller.toggleCaptions()
    expect(controller.state.prefs.captions).toEqual({ vi: true, en: true })
    expect(saved.at(-1)?.captions).toEqual({ vi: true, en: true })
  })

  it('a choice made before the kept ones are read is laid over them, and kept', () => {
    const controller = new PlayerController()
    controller.attach(new FakeVideo() as unknown as HTMLVideoElement)
    controller.setLanguages(['vi', 'en'])
    // The learner turns Vietnamese on and picks large text while IndexedDB has not answered yet.
    controller.setCaptions({ vi: true, en: false })
    controller.setCaptionStyle({ size: 'l' })
    const saved: Array<typeof DEFAULT_PLAYER_PREFS> = []
    controller.takePrefs({ ...DEFAULT_PLAYER_PREFS, captions: { vi: false, en: true }, background: 'box', listening: true }, (next) => saved.push(next))
    // Her taps win; what she had kept before (English on, the box, listening) stays.
    const expected = { ...DEFAULT_PLAYER_PREFS, captions: { vi: true, en: true }, size: 'l', background: 'box', listening: true }
    expect(controller.state.prefs).toEqual(expected)
    expect(saved).toEqual([expected])
  })

  it('kept choices read with nothing changed before them are taken as they are, not written back', () => {
    const controller = new PlayerController()
    const saved: Array<typeof DEFAULT_PLAYER_PREFS> = []
    controller.takePrefs({ ...DEFAULT_PLAYER_PREFS, captions: { vi: true, en: false } }, (next) => saved.push(next))
    expect(controller.state.prefs.captions).toEqual({ vi: true, en: false })
    expect(saved).toEqual([])
  })
})

describe('the lock screen (Media Session)', () => {
  it('shows the video and its buttons from the first play, and the line buttons move by lines', async () => {
    const handlers = new Map<string, MediaSessionActionHandler | null>()
    const session = { metadata: null as unknown, playbackState: 'none', setActionHandler: (action: string, handler: MediaSessionActionHandler | null) => handlers.set(action, handler) }
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session })
    vi.stubGlobal('MediaMetadata', class {
      constructor(readonly init: MediaMetadataInit) {}
    })
    try {
      const { controller, video } = setup()
      controller.setMediaInfo({ title: 'Xin chào!', artist: 'Chào hỏi', artwork: '/poster.jpg' })
      expect(session.metadata).toBeNull()
      expect(handlers.size).toBe(0)

      await controller.play()
      expect((session.metadata as { init: MediaMetadataInit }).init).toMatchObject({ title: 'Xin chào!', artist: 'Chào hỏi', artwork: [{ src: '/poster.jpg' }] })
      video.playTo(1)
      handlers.get('nexttrack')?.({ action: 'nexttrack' })
      expect(video.currentTime).toBe(3)

      controller.setMediaInfo({ title: 'Đi chợ', artwork: '/other.jpg' })
      expect((session.metadata as { init: MediaMetadataInit }).init).toMatchObject({ title: 'Đi chợ' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
