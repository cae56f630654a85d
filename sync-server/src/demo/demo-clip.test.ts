/**
 * The demo's videos from their scripts: speech you can hear, captions that follow the script line by
 * line, and lengths that meet the guidelines for the first levels. Nothing here touches a database,
 * so it runs once (SQLite project), not again on PostgreSQL.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseText } from 'media-captions'
import { afterAll, describe, expect, it } from 'vitest'
import { maxVolume } from '../../test-support/audio-level.ts'
import { DEMO_VIDEOS } from './catalogue.ts'
import { makeDemoClip, speakScript } from './demo-clip.ts'
import { utterancesOf } from './timeline.ts'
import type { DemoScript } from './scripts/script.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-demo-clip-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function probe(file: string): Promise<{ streams: { codec_type: string }[]; format: { duration: string } }> {
  return new Promise((resolve, reject) => {
    execFile('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    )
  })
}

/** How many times the script has the voice say something, counted from the script itself. */
function sayingsIn(script: DemoScript): number {
  const said = script.lines.reduce((sum, line) => sum + (line.repeat ?? script.repeat), 0)
  return script.retell ? said + 1 + script.lines.length : said
}

describe.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('demo videos from their scripts', () => {
  it('speaks the script: an audio stream that is not silent, and captions whose cues are the script lines in order', async () => {
    const video = DEMO_VIDEOS.find((v) => v.title === 'Xin chào!')!
    const out = path.join(dir, 'xin-chao.mp4')
    const made = await makeDemoClip(video, out, { sayings: 5 })

    const probed = await probe(out)
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video'])
    expect(await maxVolume(out)).toBeGreaterThan(-30)
    const duration = Number(probed.format.duration)
    expect(duration).toBeCloseTo(made.seconds, 0)

    const vi = await parseText(made.captions.find((c) => c.language === 'vi')!.vtt, { strict: true })
    expect(vi.errors).toEqual([])
    expect(vi.cues.map((cue) => cue.text)).toEqual(['Xin chào.', 'Xin chào.', 'Xin chào.', 'Tôi.', 'Tôi.'])
    const en = await parseText(made.captions.find((c) => c.language === 'en')!.vtt, { strict: true })
    expect(en.cues.map((cue) => cue.text)).toEqual(['Hello.', 'Hello.', 'Hello.', 'I. Me.', 'I. Me.'])
    // Each cue starts after the last and ends inside the video.
    for (const [index, cue] of vi.cues.entries()) {
      expect(cue.endTime).toBeGreaterThan(cue.startTime)
      expect(cue.endTime).toBeLessThanOrEqual(duration)
      if (index > 0) expect(cue.startTime).toBeGreaterThanOrEqual(vi.cues[index - 1].endTime)
    }
  })

  it('tells a story twice: each line said as often as it asks, then the announcement and the story once more', () => {
    const story: DemoScript = { repeat: 2, retell: { said: 'Nghe lại nhé.' }, lines: [{ said: 'Một.', repeat: 3 }, { said: 'Hai.' }] }
    const pacing = { wordsPerMinute: 100, betweenRepeats: 1, afterLine: 2 }
    const said = utterancesOf(story, pacing)
    expect(said.map((u) => u.line.said)).toEqual(['Một.', 'Một.', 'Một.', 'Hai.', 'Hai.', 'Nghe lại nhé.', 'Một.', 'Hai.'])
    expect(said.map((u) => u.pauseAfter)).toEqual([1, 1, 2, 1, 2, 3, 2, 2])
    expect(said).toHaveLength(sayingsIn(story))
    expect(utterancesOf(story, pacing, { sayings: 2 }).map((u) => u.line.said)).toEqual(['Một.', 'Một.'])
  })

  it('is as long as the guidelines ask: introductory at least 3 minutes, beginner at least 5 (the Cantonese first shelf: short)', async () => {
    for (const video of DEMO_VIDEOS.filter((v) => v.level === 'introductory' || v.level === 'beginner')) {
      const { timeline } = await speakScript(video)
      expect(timeline.cues, video.title).toHaveLength(sayingsIn(video.script))
      // The Cantonese shelf is made after the Vietnamese one at a first start: short, so that start stays quick.
      if (video.language === 'yue') expect(timeline.seconds, video.title).toBeLessThan(150)
      else expect(timeline.seconds, video.title).toBeGreaterThanOrEqual(video.level === 'introductory' ? 180 : 300)
    }
  }, 120_000)

  it('has scripts stored NFC, an English meaning for every line of an introductory video, and all three voices', () => {
    for (const video of DEMO_VIDEOS) {
      const texts = [...video.script.lines, ...(video.script.retell ? [video.script.retell] : [])]
      for (const line of texts) expect(line.said, video.title).toBe(line.said.normalize('NFC'))
      if (video.level === 'introductory' || video.language === 'yue') {
        expect(video.captions).toEqual([video.language, 'en'])
        for (const line of texts) expect(line.en, `${video.title}: ${line.said}`).toBeTruthy()
      }
    }
    expect(new Set(DEMO_VIDEOS.map((v) => v.dialect))).toEqual(new Set(['northern', 'central', 'southern', null]))
    expect(new Set(DEMO_VIDEOS.filter((v) => v.level === 'introductory' && v.language === 'vi').map((v) => v.dialect))).toEqual(new Set(['northern', 'central', 'southern']))
  })
})
