import { describe, expect, it } from 'vitest'
import { collectEnvironmentData } from './environment-data.ts'

describe('environment data', () => {
  it('collects every field of spec section 3', () => {
    const data = collectEnvironmentData({
      navigator: { userAgent: 'UA/1.0', language: 'vi-VN' },
      screen: { width: 390, height: 844 },
      window: { innerWidth: 390, innerHeight: 700, devicePixelRatio: 3 },
      pathname: '/languages',
      appLanguage: 'vi',
      sessionDuration: 1234,
      now: new Date('2026-11-22T01:02:03.000Z'),
    })
    expect(data).toEqual({
      userAgent: 'UA/1.0',
      screenResolution: '390x844',
      viewportDimensions: '390x700',
      devicePixelRatio: 3,
      browserLanguage: 'vi-VN',
      currentPage: '/languages',
      appLanguage: 'vi',
      sessionDuration: 1234,
      timestamp: '2026-11-22T01:02:03.000Z',
    })
  })

  it('keeps an unknown session duration as null', () => {
    const data = collectEnvironmentData({
      navigator: { userAgent: 'UA', language: 'en' },
      screen: { width: 1, height: 1 },
      window: { innerWidth: 1, innerHeight: 1, devicePixelRatio: 1 },
      pathname: '/',
      appLanguage: 'en',
      sessionDuration: null,
      now: new Date(0),
    })
    expect(data.sessionDuration).toBeNull()
  })
})
