/**
 * The bridge between the <track> elements the player renders and its state: the browser loads and
 * parses each WebVTT file (offline too, through the service worker), we read the cues once loaded.
 * A track is `hidden` while its cues are needed (the tool track always, another once shown) and
 * `disabled` otherwise; never `showing`, since the captions are drawn by us. hls.js only touches text
 * tracks it creates for subtitles listed in a playlist (ours list none), so it leaves these alone.
 */
import { useEffect } from 'react'
import { CAPTION_LANGUAGES, type CaptionLanguage } from '../../../contract/vocabulary.ts'
import type { CaptionLink } from '../../../contract/schemas/captions.ts'
import type { PlayerController } from './controller.ts'
import type { Line } from './lines.ts'

/** A cue's words as plain text (WebVTT's voice, italics and ruby tags dropped by the browser's own parser). */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as VTTCue
  if (typeof vtt.getCueAsHTML === 'function') return (vtt.getCueAsHTML().textContent ?? '').trim()
  return (vtt.text ?? '').trim()
}

const isCaptionLanguage = (value: string): value is CaptionLanguage => (CAPTION_LANGUAGES as readonly string[]).includes(value)

export function useTrackElements(controller: PlayerController, video: HTMLVideoElement | null, tracks: readonly CaptionLink[]): void {
  const trackKey = tracks.map((track) => `${track.language}:${track.url}`).join(' ')

  useEffect(() => {
    controller.setLanguages(tracks.map((track) => track.language))
    // trackKey stands for tracks (a new array each render of the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, trackKey])

  useEffect(() => {
    if (!video) return
    const elements = Array.from(video.querySelectorAll('track')).filter((element) => isCaptionLanguage(element.srclang))
    const applyModes = () => {
      for (const element of elements) {
        const mode: TextTrackMode = controller.trackNeeded(element.srclang as CaptionLanguage) ? 'hidden' : 'disabled'
        if (element.track.mode !== mode) element.track.mode = mode
      }
    }
    const cleanups = elements.map((element) => {
      const language = element.srclang as CaptionLanguage
      const read = () => {
        const cues: Line[] = Array.from(element.track.cues ?? []).map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cueText(cue) }))
        controller.trackLoaded(language, cues)
      }
      const failed = () => controller.trackFailed(language)
      if (element.readyState === HTMLTrackElement.LOADED) read()
      element.addEventListener('load', read)
      element.addEventListener('error', failed)
      return () => {
        element.removeEventListener('load', read)
        element.removeEventListener('error', failed)
      }
    })
    applyModes()
    const unsubscribe = controller.store.subscribe(applyModes)
    return () => {
      unsubscribe()
      for (const cleanup of cleanups) cleanup()
    }
  }, [controller, video, trackKey])
}
