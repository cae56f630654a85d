import { describe, expect, it } from 'vitest'
import { askPersistence, checkSpace, isIosBrowser, SAFETY_MARGIN_BYTES } from './storage-space.ts'

const MB = 1024 * 1024

describe('room for downloads', () => {
  it('fits a download that leaves the margin free, and refuses one that would not fit', async () => {
    const storage = { estimate: async () => ({ quota: 500 * MB, usage: 100 * MB }) }
    expect(await checkSpace(300 * MB, storage)).toEqual({ fits: true, freeBytes: 400 * MB, usedBytes: 100 * MB })
    expect((await checkSpace(400 * MB - SAFETY_MARGIN_BYTES + 1, storage)).fits).toBe(false)
    expect((await checkSpace(400 * MB - SAFETY_MARGIN_BYTES, storage)).fits).toBe(true)
  })

  it('lets a download try where the browser cannot tell', async () => {
    expect((await checkSpace(10 * MB, { estimate: async () => ({}) })).fits).toBe(true)
    expect((await checkSpace(10 * MB, undefined)).fits).toBe(true)
  })

  it('asks for persistent storage once, and says when the browser refuses', async () => {
    let asked = 0
    expect(await askPersistence({ estimate: async () => ({}), persisted: async () => false, persist: async () => (asked++, false) })).toBe('refused')
    expect(await askPersistence({ estimate: async () => ({}), persisted: async () => true, persist: async () => (asked++, true) })).toBe('granted')
    expect(asked).toBe(1)
    expect(await askPersistence({ estimate: async () => ({}) })).toBe('unsupported')
  })

  it('knows an iPhone or iPad from a desktop', () => {
    expect(isIosBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X)', 5)).toBe(true)
    expect(isIosBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 5)).toBe(true) // iPadOS
    expect(isIosBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 0)).toBe(false)
    expect(isIosBrowser('Mozilla/5.0 (Linux; Android 14)', 5)).toBe(false)
  })
})
