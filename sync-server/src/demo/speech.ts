/**
 * Speech for the demo, from espeak-ng (Debian's `espeak-ng`). Its three Vietnamese voices are the three
 * dialects a video can have; its `yue` voice speaks Cantonese (Traditional characters in, its own
 * readings, checked against to-jyutping by demo/cantonese.test.ts). One sentence per run, so each
 * sentence's length is known exactly and the captions and the picture can follow the voice.
 */
import { execFile } from 'node:child_process'
import type { Dialect } from '../../../contract/index.ts'
import { parseWav, trimSilence, type Pcm } from './wav.ts'

const ESPEAK = process.env.ESPEAK_PATH || 'espeak-ng'

const VOICE_OF: Record<Exclude<Dialect, 'mixed'>, string> = {
  northern: 'vi',
  central: 'vi-vn-x-central',
  southern: 'vi-vn-x-south',
}

/** espeak-ng's voice for a video: Vietnamese by its dialect, Cantonese its one voice. */
export function voiceFor(language: 'vi' | 'yue', dialect: Exclude<Dialect, 'mixed'> | null): string {
  return language === 'yue' ? 'yue' : VOICE_OF[dialect ?? 'northern']
}

/** Speaks one sentence; the result starts and ends with the voice (espeak's own silence trimmed). */
export function speak(text: string, options: { voice: string; wordsPerMinute: number }): Promise<Pcm> {
  return new Promise((resolve, reject) => {
    // The text goes in on stdin, so nothing in it can be read as an option.
    const child = execFile(
      ESPEAK,
      ['-v', options.voice, '-s', String(options.wordsPerMinute), '--stdin', '--stdout'],
      { encoding: 'buffer', timeout: 30_000, maxBuffer: 64 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`espeak-ng failed (is Debian's espeak-ng installed?): ${error.message} ${stderr.toString().trim()}`))
        try {
          const pcm = parseWav(stdout)
          const samples = trimSilence(pcm.samples, Math.round(pcm.sampleRate * 0.03))
          if (samples.length === 0) return reject(new Error(`espeak-ng said nothing for "${text}"`))
          resolve({ sampleRate: pcm.sampleRate, samples })
        } catch (parseError) {
          reject(parseError)
        }
      },
    )
    child.stdin?.end(text.normalize('NFC'))
  })
}

/** Speaks each distinct text once, a few at a time (espeak-ng runs on one core and starts quickly). */
export async function speakEach(
  texts: string[],
  options: { voice: string; wordsPerMinute: number; concurrency?: number },
): Promise<Map<string, Pcm>> {
  const distinct = [...new Set(texts)]
  const spoken = new Map<string, Pcm>()
  let next = 0
  const worker = async () => {
    while (next < distinct.length) {
      const text = distinct[next++]
      spoken.set(text, await speak(text, options))
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, distinct.length) }, worker))
  return spoken
}
