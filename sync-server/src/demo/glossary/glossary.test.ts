import { describe, expect, it } from 'vitest'
import { createSegmenter, wordKey } from '../../../../contract/index.ts'
import { DEMO_VIDEOS } from '../catalogue.ts'
import { DEMO_GLOSSARIES } from './index.ts'

const DEMO_GLOSSARY = DEMO_GLOSSARIES.vi

describe('the demo glossary', () => {
  const glossed = new Set(DEMO_GLOSSARY.filter((entry) => entry.glosses.length > 0).map((entry) => wordKey(entry.headword)))
  const segmenter = createSegmenter('vi', DEMO_GLOSSARY.map((entry) => entry.headword))

  it('glosses every word of every demo transcript, as the one segmentation splits them', () => {
    const missing = new Map<string, string>()
    let words = 0
    for (const video of DEMO_VIDEOS.filter((clip) => clip.language === 'vi')) {
      const lines = [...video.script.lines, ...(video.script.retell ? [video.script.retell] : [])]
      for (const line of lines) {
        for (const token of segmenter.segment(line.said)) {
          words++
          if (!glossed.has(token.key)) missing.set(token.key, `${video.title}: ${line.said}`)
        }
      }
    }
    expect(words).toBeGreaterThan(900)
    expect([...missing]).toEqual([])
  })

  it('reads multi-syllable words as one where the scripts use them', () => {
    const keys = (text: string) => segmenter.segment(text).map((token) => token.key)
    expect(keys('Tôi khỏe, cảm ơn bạn.')).toEqual(['tôi', 'khỏe', 'cảm ơn', 'bạn'])
    expect(keys('Bây giờ là sáu giờ sáng.')).toEqual(['bây giờ', 'là', 'sáu', 'giờ', 'sáng'])
    expect(keys('Lan gọi một cốc cà phê nâu.')).toEqual(['lan', 'gọi', 'một', 'cốc', 'cà phê nâu'])
    expect(keys('Thành phố Hồ Chí Minh nắng nóng')).toEqual(['thành phố', 'hồ chí minh', 'nắng nóng'])
  })

  it('has no headword twice', () => {
    const keys = DEMO_GLOSSARY.map((entry) => wordKey(entry.headword))
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })
})

describe('the demo glossary (Cantonese)', () => {
  const glossary = DEMO_GLOSSARIES.yue
  const glossed = new Set(glossary.map((entry) => wordKey(entry.headword, 'yue')))
  const segmenter = createSegmenter('yue', glossary.map((entry) => entry.headword))

  it('glosses every word of every Cantonese demo transcript, words of two characters read as one', () => {
    const missing = new Map<string, string>()
    for (const video of DEMO_VIDEOS.filter((clip) => clip.language === 'yue')) {
      for (const line of video.script.lines) {
        for (const token of segmenter.segment(line.said)) if (!glossed.has(token.key)) missing.set(token.key, `${video.title}: ${line.said}`)
      }
    }
    expect([...missing]).toEqual([])
    const keys = (text: string) => segmenter.segment(text).map((token) => token.key)
    expect(keys('我幾好，多謝。')).toEqual(['我', '幾', '好', '多謝'])
    expect(keys('蝦餃好好食。')).toEqual(['蝦餃', '好', '好食'])
    expect(keys('今日去飲茶。')).toEqual(['今日', '去', '飲茶'])
  })

  it('has no headword twice', () => {
    const keys = glossary.map((entry) => wordKey(entry.headword, 'yue'))
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })
})
