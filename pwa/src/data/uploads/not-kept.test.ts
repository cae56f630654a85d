import { describe, expect, it } from 'vitest'
import { whyNotKept } from './not-kept.ts'

/** An error as Dexie hands it over: its own name and message, the browser's error inside. */
const wrapped = (name: string, inner: { name: string; message: string }) => Object.assign(new Error(`${name} ${inner.message}`), { name, inner })

describe('why the device would not keep an upload', () => {
  it('a full quota is "full", however deep Dexie wrapped it', () => {
    expect(whyNotKept(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe('full')
    expect(whyNotKept(wrapped('AbortError', wrapped('QuotaExceededError', { name: 'QuotaExceededError', message: 'quota' })))).toBe('full')
  })

  it("WebKit's private session refusing the Blob, or storage turned off, is \"refused\", not full", () => {
    const webkit = { name: 'UnknownError', message: 'Error preparing Blob/File data to be stored in object store' }
    expect(whyNotKept(wrapped('UnknownError', webkit))).toBe('refused')
    expect(whyNotKept(wrapped('AbortError', wrapped('UnknownError', webkit)))).toBe('refused')
    expect(whyNotKept(new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'))).toBe('refused')
    expect(whyNotKept(wrapped('MissingAPIError', { name: 'MissingAPIError', message: 'IndexedDB API missing' }))).toBe('refused')
  })

  it('anything else is "unknown"', () => {
    expect(whyNotKept(new Error('boom'))).toBe('unknown')
    expect(whyNotKept(undefined)).toBe('unknown')
  })
})
