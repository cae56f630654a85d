import { describe, expect, it } from 'vitest'
import { bareStatus, refusalMessage } from './refusal-message.ts'

describe('why an outbox item was refused, as the sync dialog says it', () => {
  it('translates a watch event rejection code instead of showing it raw', () => {
    expect(refusalMessage('watch_event', 'too_old')).toEqual({ key: 'sync.refusals.too_old', ns: 'watch' })
    expect(refusalMessage('watch_event', 'in_the_future')).toEqual({ key: 'sync.refusals.in_the_future', ns: 'watch' })
  })

  it('says plainly why a rating was refused: the video was not watched to half', () => {
    expect(refusalMessage('rating', 'not_watched')).toEqual({ key: 'sync.refusals.not_watched', ns: 'watch' })
  })

  it('shows the server’s own words as they are', () => {
    expect(refusalMessage('comment', 'Comment must be under 2000 characters')).toEqual({ text: 'Comment must be under 2000 characters' })
  })

  it('gives feedback without words the catalogue’s texts: Invalid feedback for a 422, else Failed to submit feedback', () => {
    expect(refusalMessage('feedback', bareStatus(422))).toEqual({ key: 'feedback.errors.invalid', ns: 'common' })
    expect(refusalMessage('feedback', bareStatus(403))).toEqual({ key: 'feedback.errors.failed', ns: 'common' })
    expect(refusalMessage('feedback', '')).toEqual({ key: 'feedback.errors.failed', ns: 'common' })
  })

  it('says an item an older version of the app saved, in a form that no longer fits, could not be sent', () => {
    expect(refusalMessage('rating', 'stale_payload: understood: must be a whole number from 1 to 5')).toEqual({ key: 'sync.refusals.stale_payload', ns: 'watch' })
  })

  it('says the server did not accept anything else without words', () => {
    expect(refusalMessage('outside_hours', bareStatus(404))).toEqual({ key: 'sync.refusedFallback', ns: 'watch' })
  })
})
