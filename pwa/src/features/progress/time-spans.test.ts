import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import enWatch from '../../../../locales/en/watch.json'
import viWatch from '../../../../locales/vi/watch.json'
import { daysToNextLevel, formatDays, formatListening } from './time-spans.ts'

const i18n = i18next.createInstance()
beforeAll(() => i18n.init({ lng: 'en', fallbackLng: false, resources: { en: { watch: enWatch }, vi: { watch: viWatch } }, ns: ['watch'], defaultNS: 'watch' }))

describe('listening time a person believes', () => {
  it('says minutes under an hour, hours and minutes above, never a fraction of an hour', async () => {
    const t = i18n.getFixedT('en', 'watch')
    expect(formatListening(t, 0)).toBe('0 min')
    // Whole minutes rounded down, as the header's goal bar counts them (issue 41 item 8).
    expect(formatListening(t, 36)).toBe('0 min')
    expect(formatListening(t, 124.1)).toBe('2 min')
    expect(formatListening(t, 119)).toBe('1 min')
    expect(formatListening(t, 12 * 60)).toBe('12 min')
    expect(formatListening(t, 3600)).toBe('1 h')
    expect(formatListening(t, 3 * 3600 + 20 * 60)).toBe('3 h 20 min')
    const vi = i18n.getFixedT('vi', 'watch')
    expect(formatListening(vi, 12 * 60)).toBe('12 phút')
    expect(formatListening(vi, 3 * 3600 + 20 * 60)).toBe('3 giờ 20 phút')
  })

  it('phrases long spans in months or years, with each language’s plurals', () => {
    const t = i18n.getFixedT('en', 'watch')
    expect(formatDays(t, 1)).toBe('about 1 day')
    expect(formatDays(t, 12)).toBe('about 12 days')
    expect(formatDays(t, 150)).toBe('about 5 months')
    expect(formatDays(t, 246018)).toBe('about 674 years')
    expect(formatDays(i18n.getFixedT('vi', 'watch'), 150)).toBe('khoảng 5 tháng')
  })
})

describe('time to the next level', () => {
  const day = (minutes: number) => ({ watch_seconds: minutes * 60 })
  it('rests on the daily goal until a week of her own days, then on her pace', () => {
    // A few minutes today only: 50 h at a 15-minute goal is 200 days, not 246,018.
    expect(daysToNextLevel(50, [...Array.from({ length: 29 }, () => day(0)), day(3)], 15)).toEqual({ days: 200, basis: 'goal' })
    // Eight days of 30 minutes: her pace, over those days.
    expect(daysToNextLevel(10, [...Array.from({ length: 22 }, () => day(0)), ...Array.from({ length: 8 }, () => day(30))], 15)).toEqual({ days: 20, basis: 'pace' })
    expect(daysToNextLevel(10, [], 0)).toBeNull()
  })
})
