import { describe, expect, it } from 'vitest'
import { checkBrowser, identifyBrowser } from './browser-compat.ts'

const UA = {
  chrome89: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36',
  chrome90: 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.91 Mobile Safari/537.36',
  edge89: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36 Edg/89.0.774.57',
  edge120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  firefox87: 'Mozilla/5.0 (X11; Linux x86_64; rv:87.0) Gecko/20100101 Firefox/87.0',
  firefox88: 'Mozilla/5.0 (X11; Linux x86_64; rv:88.0) Gecko/20100101 Firefox/88.0',
  safari13: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15',
  safari14: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
  ios13Chrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  ios17: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
}

describe('browser compatibility', () => {
  it('identifies the browser family and major version', () => {
    expect(identifyBrowser(UA.edge89)).toEqual({ browser: 'edge', version: 89 })
    expect(identifyBrowser(UA.chrome90)).toEqual({ browser: 'chrome', version: 90 })
    expect(identifyBrowser(UA.firefox88)).toEqual({ browser: 'firefox', version: 88 })
    expect(identifyBrowser(UA.safari14)).toEqual({ browser: 'safari', version: 14 })
    expect(identifyBrowser(UA.ios13Chrome)).toEqual({ browser: 'safari', version: 13 })
  })

  it('warns below Chrome 90, Firefox 88, Safari 14, Edge 90', () => {
    for (const ua of [UA.chrome89, UA.edge89, UA.firefox87, UA.safari13, UA.ios13Chrome]) {
      expect(checkBrowser(ua, true), ua).toMatchObject({ supported: false, reason: 'old-version' })
    }
    for (const ua of [UA.chrome90, UA.edge120, UA.firefox88, UA.safari14, UA.ios17]) {
      expect(checkBrowser(ua, true), ua).toMatchObject({ supported: true })
    }
  })

  it('warns without module support, and trusts browsers it cannot identify', () => {
    expect(checkBrowser(UA.chrome90, false)).toMatchObject({ supported: false, reason: 'no-modules' })
    expect(checkBrowser('SomethingNew/1.0', true)).toMatchObject({ supported: true, browser: null })
  })
})
