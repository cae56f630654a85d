/**
 * The video's caption tracks, as the browser's own <track> elements (Player renders one per
 * language): the browser loads the WebVTT, draws the cues (in fullscreen too) and tells us which cue
 * is current (`cuechange`), with no timer of ours. hls.js only touches the text tracks it creates for
 * subtitles listed in a playlist (ours list none), so it leaves these alone.
 * - The chosen language is `showing`; the transcript's track (Vietnamese when there is one) is at least
 *   `hidden`, which still loads its cues and fires `cuechange`; any other is `disabled` (not loaded).
 * - The browser's own captions menu (native controls) changes modes too: that is reported as the
 *   learner's choice, so both ways agree.
 */
import { useEffect, useState } from 'react'
import type { CaptionLanguage, CaptionLink } from '../../../../contract/schemas/captions.ts'
import type { CaptionChoice } from './caption-choice.ts'

export interface TranscriptCue {
  start: number
  end: number
  text: string
}

/** The language the transcript panel shows: the video's own speech (Vietnamese) when it has it. */
export function transcriptLanguage(tracks: readonly CaptionLink[]): CaptionLanguage | null {
  return tracks.find((track) => track.language === 'vi')?.language ?? tracks[0]?.language ?? null
}

/** What a track is set to for a choice: shown, loaded for the transcript only, or left alone. */
export function modeFor(language: string, choice: CaptionChoice, transcript: string | null): TextTrackMode {
  if (language === choice) return 'showing'
  return language === transcript ? 'hidden' : 'disabled'
}

/** The track elements Player rendered, by language. */
function trackElements(video: HTMLVideoElement): HTMLTrackElement[] {
  return Array.from(video.querySelectorAll('track'))
}

/** A cue's words as plain text (WebVTT's voice, italics and ruby tags dropped by the browser's own parser). */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as VTTCue
  if (typeof vtt.getCueAsHTML === 'function') return (vtt.getCueAsHTML().textContent ?? '').trim()
  return (vtt.text ?? '').trim()
}

export function useCaptionTracks(
  video: HTMLVideoElement | null,
  tracks: readonly CaptionLink[],
  choice: CaptionChoice,
  onNativeChoice: (choice: CaptionChoice) => void,
  onTrackFailed?: () => void,
): { cues: TranscriptCue[] | null; failed: boolean; current: number } {
  const transcript = transcriptLanguage(tracks)
  const [cues, setCues] = useState<{ language: string; list: TranscriptCue[]; failed: boolean } | null>(null)
  const [current, setCurrent] = useState(-1)
  const trackKey = tracks.map((track) => `${track.language}:${track.url}`).join(' ')

  // Modes follow the choice; the browser's menu changing them is taken as the learner's choice.
  useEffect(() => {
    if (!video) return
    const apply = () => {
      for (const element of trackElements(video)) {
        const mode = modeFor(element.srclang, choice, transcript)
        if (element.track.mode !== mode) element.track.mode = mode
      }
    }
    apply()
    const onChange = () => {
      const showing = trackElements(video).find((element) => element.track.mode === 'showing')?.srclang ?? 'off'
      if (showing !== choice) onNativeChoice(showing as CaptionChoice)
    }
    video.textTracks.addEventListener('change', onChange)
    // A track that does not load (a refused grant, or offline): the owner may renew its link.
    const onError = () => onTrackFailed?.()
    const elements = trackElements(video)
    for (const element of elements) element.addEventListener('error', onError)
    return () => {
      video.textTracks.removeEventListener('change', onChange)
      for (const element of elements) element.removeEventListener('error', onError)
    }
  }, [video, choice, transcript, trackKey, onNativeChoice, onTrackFailed])

  // The transcript: every cue once the track has loaded, and the current one as it plays.
  useEffect(() => {
    if (!video || !transcript) return
    const element = trackElements(video).find((candidate) => candidate.srclang === transcript)
    if (!element) return
    const track = element.track
    let list: TextTrackCue[] = []
    const read = () => {
      list = Array.from(track.cues ?? [])
      setCues({ language: transcript, failed: false, list: list.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cueText(cue) })) })
      onCueChange()
    }
    // Offline with a track that was never downloaded, or a grant refused: the panel says so.
    const failed = () => setCues({ language: transcript, failed: true, list: [] })
    const onCueChange = () => {
      const active = track.activeCues?.[0]
      setCurrent(active ? list.indexOf(active) : -1)
    }
    if (element.readyState === HTMLTrackElement.LOADED) read()
    element.addEventListener('load', read)
    element.addEventListener('error', failed)
    track.addEventListener('cuechange', onCueChange)
    return () => {
      element.removeEventListener('load', read)
      element.removeEventListener('error', failed)
      track.removeEventListener('cuechange', onCueChange)
    }
  }, [video, transcript, trackKey])

  const mine = cues && cues.language === transcript ? cues : null
  return { cues: mine && !mine.failed ? mine.list : null, failed: Boolean(mine?.failed), current }
}
