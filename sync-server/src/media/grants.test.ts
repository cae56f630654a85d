import { describe, expect, it } from 'vitest'
import { createMediaGrants } from './grants.ts'

const KEY = 'a'.repeat(32)
const OTHER_KEY = 'b'.repeat(32)
const SESSION = 'c0ffee'.repeat(10) + 'abcd' // a token hash: 64 hex characters

function setup() {
  let now = Date.parse('2026-11-22T00:00:00Z')
  const clock = { now: () => now }
  const grants = createMediaGrants({ secret: 'x'.repeat(48), clock })
  return { grants, advance: (ms: number) => void (now += ms) }
}

describe('media grants', () => {
  it('round-trip the user, the video and the preview limit', () => {
    const { grants } = setup()
    const { grant } = grants.issue({ userId: 7, tokenHash: SESSION, mediaKey: KEY, previewSeconds: 180 })
    expect(grants.verify(grant)).toMatchObject({ userId: 7, session: SESSION.slice(0, 16), mediaKey: KEY, previewSeconds: 180 })
    const full = grants.issue({ userId: 7, tokenHash: SESSION, mediaKey: KEY, previewSeconds: null }).grant
    expect(grants.verify(full)?.previewSeconds).toBeNull()
  })

  it('cannot be moved to another video or user, stretched, or un-previewed', () => {
    const { grants } = setup()
    const { grant } = grants.issue({ userId: 7, tokenHash: SESSION, mediaKey: KEY, previewSeconds: 180 })
    const [user, session, key, expires, preview, signature] = grant.split('.')
    expect(grants.verify([user, session, OTHER_KEY, expires, preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify(['8', session, key, expires, preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify([user, 'f'.repeat(16), key, expires, preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify([user, session, key, String(Number(expires) + 3600), preview, signature].join('.'))).toBeUndefined()
    expect(grants.verify([user, session, key, expires, '0', signature].join('.'))).toBeUndefined()
    expect(grants.verify('garbage')).toBeUndefined()
  })

  it('expire within the hour', () => {
    const { grants, advance } = setup()
    const { grant } = grants.issue({ userId: 1, tokenHash: SESSION, mediaKey: KEY, previewSeconds: null })
    advance(3600 * 1000 - 1000)
    expect(grants.verify(grant)).toBeDefined()
    advance(2000)
    expect(grants.verify(grant)).toBeUndefined()
  })

  it('are not valid under another secret', () => {
    const { grants } = setup()
    const other = createMediaGrants({ secret: 'y'.repeat(48), clock: { now: () => Date.parse('2026-11-22T00:00:00Z') } })
    expect(other.verify(grants.issue({ userId: 1, tokenHash: SESSION, mediaKey: KEY, previewSeconds: null }).grant)).toBeUndefined()
  })

  it('have one spelling: the same signature in another base64 form, padded or followed by more is refused', () => {
    const { grants } = setup()
    const { grant } = grants.issue({ userId: 7, tokenHash: SESSION, mediaKey: KEY, previewSeconds: null })
    const payload = grant.slice(0, grant.lastIndexOf('.'))
    const signature = grant.slice(grant.lastIndexOf('.') + 1)
    const bytes = Buffer.from(signature, 'base64url')
    for (const respelled of [`${signature}=`, `${signature}==`, `${signature}A`, `${signature} `, bytes.toString('base64').replace(/=+$/, '') + '=', bytes.toString('hex')]) {
      expect(grants.verify(`${payload}.${respelled}`), respelled).toBeUndefined()
    }
    // Standard base64's + and / for the URL-safe - and _, when the signature has one.
    const standard = signature.replace(/-/g, '+').replace(/_/g, '/')
    if (standard !== signature) expect(grants.verify(`${payload}.${standard}`)).toBeUndefined()
    expect(grants.verify(grant)).toBeDefined()
  })
})
