/**
 * The waveform on real ffmpeg clips (issue 44): 2 s of silence then 2 s of a loud tone give 50 peaks a
 * second, near zero then loud, where the sound is; a video without sound gives no peaks, no error.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFfmpeg } from './ffmpeg.ts'
import { computeWaveform, peaksOf } from './waveform.ts'

let dir: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waveform-test-'))
  // A 4-second video: silence for 2 s, then a 440 Hz tone at full scale for 2 s.
  await runFfmpeg(
    ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10:duration=4',
      '-f', 'lavfi', '-i', 'aevalsrc=if(gte(t\\,2)\\,0.9*sin(2*PI*440*t)\\,0):s=44100:d=4', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', path.join(dir, 'clip.mp4')],
    { timeoutMs: 60_000 },
  )
  await runFfmpeg(['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10:duration=1', '-c:v', 'libx264', path.join(dir, 'mute.mp4')], { timeoutMs: 60_000 })
}, 120_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('computeWaveform', () => {
  it('gives 50 peaks a second, quiet where the clip is silent and loud where it sounds', async () => {
    const waveform = await computeWaveform(path.join(dir, 'clip.mp4'), { timeoutMs: 60_000 })
    expect(waveform.peaksPerSecond).toBe(50)
    expect(waveform.durationSeconds).toBeGreaterThan(3.9)
    expect(waveform.durationSeconds).toBeLessThan(4.2)
    expect(waveform.peaks.length).toBe(Math.ceil(waveform.durationSeconds * 50))
    const quiet = waveform.peaks.slice(5, 90)
    const loud = waveform.peaks.slice(110, 190)
    expect(Math.max(...quiet)).toBeLessThan(10)
    expect(Math.min(...loud)).toBeGreaterThan(180)
    expect(waveform.peaks.every((peak) => Number.isInteger(peak) && peak >= 0 && peak <= 255)).toBe(true)
  }, 60_000)

  it('a video without sound has no peaks and is no error', async () => {
    const waveform = await computeWaveform(path.join(dir, 'mute.mp4'), { timeoutMs: 60_000 })
    expect(waveform.peaks).toEqual([])
  }, 60_000)

  it('a file that is no media throws', async () => {
    fs.writeFileSync(path.join(dir, 'junk.mp4'), 'not a video')
    await expect(computeWaveform(path.join(dir, 'junk.mp4'), { timeoutMs: 60_000 })).rejects.toThrow()
  })

  it('peaksOf: each window its loudest sample, scaled to 0..255', () => {
    const pcm = Buffer.alloc(8 * 2)
    ;[0, 100, -32768, 5, 16384, 0, 0, -16384].forEach((value, k) => pcm.writeInt16LE(value, k * 2))
    expect(peaksOf(pcm, 8, 2)).toEqual([255, 128])
  })
})
