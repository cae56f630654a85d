/**
 * The waveform of a video's audio for the captioning studio (issue 44): ffmpeg decodes the first audio
 * stream to mono 16-bit PCM at a low rate (WAVEFORM_SAMPLE_RATE) into a temp file, and each
 * 1/WAVEFORM_PEAKS_PER_SECOND of a second becomes one peak, its loudest sample scaled to 0..255: 50
 * bytes a second, 3 KB a minute as numbers. A file without sound answers no peaks (its caller draws a
 * flat line); a file ffmpeg cannot read throws FfmpegError.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { WAVEFORM_PEAKS_PER_SECOND } from '../../../contract/index.ts'
import { FfmpegError, runFfmpeg } from './ffmpeg.ts'

/** Samples a second decoded: 80 a peak, enough for a peak's loudness, cheap to decode and read. */
export const WAVEFORM_SAMPLE_RATE = 4000

export interface ComputedWaveform {
  durationSeconds: number
  peaksPerSecond: number
  peaks: number[]
}

/** Peaks of mono s16le PCM at `sampleRate`, `perSecond` a second (the last one of a part-window). */
export function peaksOf(pcm: Buffer, sampleRate: number, perSecond: number): number[] {
  const window = sampleRate / perSecond
  const samples = Math.floor(pcm.length / 2)
  const peaks: number[] = []
  for (let from = 0; from < samples; from += window) {
    const to = Math.min(samples, from + window)
    let loudest = 0
    for (let k = from; k < to; k++) {
      const value = Math.abs(pcm.readInt16LE(k * 2))
      if (value > loudest) loudest = value
    }
    peaks.push(Math.min(255, Math.round((loudest / 32768) * 255)))
  }
  return peaks
}

export async function computeWaveform(source: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ComputedWaveform> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dehieu-waveform-'))
  try {
    const out = path.join(dir, 'audio.raw')
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-map', '0:a:0?', '-vn', '-ac', '1', '-ar', String(WAVEFORM_SAMPLE_RATE), '-f', 's16le', out], options).catch(
      (error: unknown) => {
        // `-map 0:a:0?` on a file without sound maps nothing: no peaks, not a failure.
        if (!(error instanceof FfmpegError && /does not contain any stream/.test(error.message))) throw error
      },
    )
    const pcm = await fs.readFile(out).catch(() => Buffer.alloc(0))
    return {
      durationSeconds: Math.floor(pcm.length / 2) / WAVEFORM_SAMPLE_RATE,
      peaksPerSecond: WAVEFORM_PEAKS_PER_SECOND,
      peaks: peaksOf(pcm, WAVEFORM_SAMPLE_RATE, WAVEFORM_PEAKS_PER_SECOND),
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
