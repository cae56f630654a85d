/**
 * One demo video made from its script: each utterance spoken by espeak-ng and measured, laid out in
 * one WAV with the level's pauses, drawn as slides over the same timings, and the captions written
 * from the same timeline. The result is an ordinary MP4 that then goes through the upload pipeline.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg } from '../media/ffmpeg.ts'
import type { CaptionLanguage, Dialect } from '../../../contract/index.ts'
import type { DemoScript } from './scripts/script.ts'
import { slideshowArgs, type SlidesStyle } from './slides.ts'
import { speakEach, voiceFor } from './speech.ts'
import { layOut, utterancesOf, type Cue, type Pacing, type Timeline } from './timeline.ts'
import { encodeWav, type Pcm } from './wav.ts'
import { toWebVtt } from './webvtt.ts'

export interface DemoClipSpec {
  script: DemoScript
  /** The video's language: its voice, its slides' font and its own caption track. */
  language: 'vi' | 'yue'
  /** A Vietnamese video's dialect (its voice); null for Cantonese. */
  dialect: Exclude<Dialect, 'mixed'> | null
  pacing: Pacing
  style: SlidesStyle
  /** Which captions to write: the video's language always, English where the script has every line's meaning. */
  captions: CaptionLanguage[]
}

export interface DemoClipResult {
  seconds: number
  cues: Cue[]
  captions: { language: CaptionLanguage; vtt: string }[]
}

/** The script spoken and laid out: one track of speech and the timeline of its lines. */
export async function speakScript(spec: DemoClipSpec, options: { sayings?: number } = {}): Promise<{ timeline: Timeline; speech: Pcm }> {
  const utterances = utterancesOf(spec.script, spec.pacing, options)
  // Each distinct text is spoken once; a repeat reuses its samples.
  const spoken = await speakEach(utterances.map(({ line }) => line.said), { voice: voiceFor(spec.language, spec.dialect), wordsPerMinute: spec.pacing.wordsPerMinute })
  const voices = utterances.map(({ line }) => spoken.get(line.said)!)
  const sampleRate = voices[0].sampleRate
  const timeline = layOut(utterances, voices.map((voice) => voice.samples.length), sampleRate)
  const samples = new Int16Array(timeline.totalSamples)
  voices.forEach((voice, index) => samples.set(voice.samples, timeline.offsets[index]))
  return { timeline, speech: { sampleRate, samples } }
}

/** Writes the clip to `out`; `sayings` keeps only the first few sayings of the script (the tests' short demo). */
export async function makeDemoClip(spec: DemoClipSpec, out: string, options: { sayings?: number } = {}): Promise<DemoClipResult> {
  const { timeline, speech } = await speakScript(spec, options)
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-demo-'))
  try {
    const wav = path.join(workDir, 'speech.wav')
    fs.writeFileSync(wav, encodeWav(speech))
    const args = slideshowArgs({ cues: timeline.cues, seconds: timeline.seconds, style: spec.style, wav, workDir, out })
    await runFfmpeg(args, { timeoutMs: 120_000 + timeline.seconds * 5_000 })
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true })
  }
  return {
    seconds: timeline.seconds,
    cues: timeline.cues,
    captions: spec.captions.map((language) => ({ language, vtt: toWebVtt(timeline.cues, language) })),
  }
}
