import { describe, expect, it } from 'vitest'
import { isIosSafari } from './install-state.ts'

describe('iOS install how-to', () => {
  it('is for Safari on iPhone and iPad only', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'
    const ipadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15'
    const chromeOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1'
    expect(isIosSafari(iphone, 5)).toBe(true)
    expect(isIosSafari(ipadAsMac, 5)).toBe(true)
    expect(isIosSafari(ipadAsMac, 0)).toBe(false)
    expect(isIosSafari(chromeOnIphone, 5)).toBe(false)
  })
})
