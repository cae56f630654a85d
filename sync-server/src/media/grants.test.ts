import { describe, expect, it } from 'vitest'
import { createMediaGrants } from './grants.ts'

const KEY = 'a'.repeat(32)
const OTHER_KEY = 'b'.repeat(32)

function setup() {
  let now = Date.parse('2026-11-22T00:00:00Z')
  const clock = { now: () => now }
  const grants = createMediaGrants({ secret: 'x'.repeat(48), clock })
  return { grants, advance: (ms: number) => void (now += ms) }
}

describe('media grants', () => {
  it('round-trip the user, the video and the preview limit', () => {
    const { grants } = setup()
    const { grant } = grants.issue({ userId: 7, mediaKey: KEY, previewSeconds: 180 })
    expect(grants.verify(grant)).toMatchObject({ userId: 7, mediaKey: KEY, previewSeconds: 180 })
    const full = grants.issue({ userId: 7, mediaKey: KEY, previewSeconds: null }).grant
    expect(grants.verify(full)?.previewSeconds).toBeNull()
  })

  it('cannot be moved to another video or user, stretched, or un-previewed', () => {
    const { grants } = setup()
    const { grant } = grants.issue({ userId: 7, mediaKey: KEY, previewSeconds: 180 })
    const [user, key, expires, preview, signature] = grant.split('.')
    expect(grants.verify([user, OTHER_KEY, expires, preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify(['8', key, expires, preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify([user, key, String(Number(expires) + 3600), preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify([user, key, expires, '0', signature].join('.'))).toBeUndefined()
    expect(grants.verify('garbage')).toBeUndefined()
  })

  it('expire', () => {
    const { grants, advance } = setup()
    const { grant } = grants.issue({ userId: 1, mediaKey: KEY, previewSeconds: null })
    advance(6 * 3600 * 1000 - 1000)
    expect(grants.verify(grant)).toBeDefined()
    advance(2000)
    expect(grants.verify(grant)).toBeUndefined()
  })

  it('are not valid under another secret', () => {
    const { grants } = setup()
    const other = createMediaGrants({ secret: 'y'.repeat(48), clock: { now: () => Date.parse('2026-11-22T00:00:00Z') } })
    expect(other.verify(grants.issue({ userId: 1, mediaKey: KEY, previewSeconds: null }).grant)).toBeUndefined()
  })
})
