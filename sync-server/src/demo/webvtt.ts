/** The demo's captions as WebVTT text, one cue per utterance, in the video's language or English. */
import type { CaptionLanguage } from '../../../contract/index.ts'
import type { Cue } from './timeline.ts'

export function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/** Cue text is not HTML, but WebVTT reads `&` and `<` as markup, so they are escaped. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function toWebVtt(cues: Cue[], language: CaptionLanguage): string {
  const blocks = cues.map((cue, index) => {
    const text = language === 'en' ? cue.en : cue.said
    if (text === undefined) throw new Error(`cue ${index + 1} has no ${language} text`)
    return `${index + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${escapeCueText(text.normalize('NFC'))}`
  })
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}
