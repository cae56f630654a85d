import { describe, expect, it } from 'vitest'
import { packTrackBody, unpackTrackBody, type TrackBody } from './packed-track.ts'

describe('a packed track body', () => {
  const body: TrackBody = {
    vtt: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nChào bạn, hôm nay đi chợ nổi 🌊\n',
    cues: [{ start: 0, end: 1.5, text: 'Chào bạn, hôm nay đi chợ nổi 🌊' }],
    words: { tokens: ['[[0,4,"chào"]]'], counts: [{ key: 'chào', count: 1, preview_count: 1 }], lexiconVersion: 3, previewSeconds: 60 },
  }

  it('comes back as it went, accents and all', () => {
    expect(unpackTrackBody(packTrackBody(body))).toEqual(body)
    const { words: _words, ...withoutWords } = body
    expect(unpackTrackBody(packTrackBody(withoutWords))).toEqual(withoutWords)
  })

  it('is a buffer of its own, so handing it to another thread moves nothing else with it', () => {
    const packed = packTrackBody(body)
    const { port1, port2 } = new MessageChannel()
    port1.postMessage(packed, [packed])
    expect(packed.byteLength).toBe(0)
    port1.close()
    port2.close()
  })
})
