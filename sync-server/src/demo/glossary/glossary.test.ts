import { describe, expect, it } from 'vitest'
import { createSegmenter, wordKey } from '../../../../contract/index.ts'
import { DEMO_VIDEOS } from '../catalogue.ts'
import { DEMO_GLOSSARY } from './index.ts'

describe('the demo glossary', () => {
  const glossed = new Set(DEMO_GLOSSARY.filter((entry) => entry.glosses.length > 0).map((entry) => wordKey(entry.headword)))
  const segmenter = createSegmenter('vi', DEMO_GLOSSARY.map((entry) => entry.headword))

  it('glosses every word of every demo transcript, as the one segmentation splits them', () => {
    const missing = new Map<string, string>()
    let words = 0
    for (const video of DEMO_VIDEOS) {
      const lines = [...video.script.lines, ...(video.script.retell ? [video.script.retell] : [])]
      for (const line of lines) {
        for (const token of segmenter.segment(line.vi)) {
          words++
          if (!glossed.has(token.key)) missing.set(token.key, `${video.title}: ${line.vi}`)
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
