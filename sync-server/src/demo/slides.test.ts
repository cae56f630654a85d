/** How a sentence is laid out on a slide: large, centred lines that stay clear of the title and label. */
import { describe, expect, it } from 'vitest'
import { DEMO_VIDEOS } from './catalogue.ts'
import { fitText } from './slides.ts'

// Pure layout, no database: once is enough (not again on PostgreSQL).
describe.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('slide text', () => {
  it('draws a single word big, on one line', () => {
    expect(fitText('Màu.', 640, 360)).toEqual({ size: Math.round(360 * 0.13), lines: ['Màu.'] })
  })

  it('breaks a long sentence into even lines, with no word left alone at the end', () => {
    const text = 'Buổi tối, sau một ngày làm việc, Lan hẹn gặp bạn bè ở một quán ăn nhỏ trong phố cổ.'
    const { size, lines } = fitText(text, 1280, 720)
    expect(lines.join(' ')).toBe(text)
    expect(lines.length).toBeLessThanOrEqual(4)
    expect(lines[lines.length - 1].split(' ').length).toBeGreaterThan(1)
    const lengths = lines.map((line) => line.length)
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThan(10)
    expect(lines.length * size * 1.5).toBeLessThanOrEqual(720 * 0.62)
  })

  it('breaks a Cantonese line between characters, punctuation kept with the character before it', () => {
    const { lines } = fitText('我哋今日去飲茶，你想唔想一齊去呀？', 640, 360, { characters: true })
    expect(lines.join('')).toBe('我哋今日去飲茶，你想唔想一齊去呀？')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.every((line) => !/^[，。？]/u.test(line))).toBe(true)
  })

  it('fits every line of every demo script in at most four lines that leave the title and label clear', () => {
    for (const video of DEMO_VIDEOS) {
      for (const line of video.script.lines) {
        const { size, lines } = fitText(line.said, video.style.width, video.style.height, { characters: video.style.characters })
        expect(lines.length, line.said).toBeLessThanOrEqual(4)
        expect(lines.length * size * 1.5, line.said).toBeLessThanOrEqual(video.style.height * 0.62)
      }
    }
  })
})
