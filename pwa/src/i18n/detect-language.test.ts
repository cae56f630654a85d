import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { ALL_LANGUAGES } from './config.ts'
import { detectionOrder } from './detect-language.ts'

describe('UI language detection', () => {
  it('looks at the stored choice, then the browser, then the page', () => {
    expect(detectionOrder({ stored: 'vi', browser: ['en-US'], page: 'en' })).toEqual(['vi', 'en'])
    expect(detectionOrder({ stored: null, browser: ['vi-VN', 'en'], page: 'en' })).toEqual(['vi', 'en'])
    expect(detectionOrder({ stored: 'klingon', browser: ['fr-FR'], page: null })).toEqual([])
    expect(detectionOrder({ stored: null, browser: [], page: 'en' })).toEqual(['en'])
  })

  it('maps Hong Kong (and other Traditional) Chinese to zh-Hant-HK', () => {
    expect(detectionOrder({ stored: null, browser: ['zh-HK', 'zh-TW', 'zh-Hant'], page: null })).toEqual(['zh-Hant-HK'])
    expect(detectionOrder({ stored: null, browser: ['zh-CN'], page: null })).toEqual([])
  })

  it('lets i18next pick the first supported match, falling back to English', async () => {
    const pick = async (codes: string[]) => {
      const instance = i18next.createInstance()
      await instance
        .use({ type: 'languageDetector', detect: () => codes, cacheUserLanguage: () => {} })
        .init({ supportedLngs: [...ALL_LANGUAGES], fallbackLng: 'en', load: 'currentOnly', resources: {} })
      return instance.language
    }
    expect(await pick(detectionOrder({ stored: null, browser: ['vi-VN', 'en'], page: null }))).toBe('vi')
    expect(await pick(detectionOrder({ stored: null, browser: ['zh-HK'], page: null }))).toBe('zh-Hant-HK')
    expect(await pick(detectionOrder({ stored: 'klingon', browser: ['fr-FR'], page: null }))).toBe('en')
  })
})
