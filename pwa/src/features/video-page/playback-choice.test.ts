import { describe, expect, it } from 'vitest'
import { playbackChoice, type PlaybackInput } from './playback-choice.ts'

const online: PlaybackInput = { listening: false, downloadedKind: null, videoStream: 'video.m3u8', audioStream: 'audio.m3u8', offlineUrl: 'offline.m3u8' }
const offline: PlaybackInput = { ...online, videoStream: null, audioStream: null }

describe("the video page's source", () => {
  it('streams the video, or the audio alone when listening, and offers the other way while both stream', () => {
    expect(playbackChoice(online)).toEqual({ src: 'video.m3u8', fromDownload: false, canSwitch: true })
    expect(playbackChoice({ ...online, listening: true })).toEqual({ src: 'audio.m3u8', fromDownload: false, canSwitch: true })
  })

  it('plays a download that holds what is asked for, and offers listening offline only from an audio download', () => {
    expect(playbackChoice({ ...offline, downloadedKind: 'video' })).toEqual({ src: 'offline.m3u8', fromDownload: true, canSwitch: false })
    expect(playbackChoice({ ...offline, downloadedKind: 'audio', listening: true })).toEqual({ src: 'offline.m3u8', fromDownload: true, canSwitch: false })
  })

  it('streams the video beside an audio-only download when watching, and offers going back to the download', () => {
    expect(playbackChoice({ ...online, downloadedKind: 'audio' })).toEqual({ src: 'video.m3u8', fromDownload: false, canSwitch: true })
  })

  it('offline, offers the way back to what the download holds when the learner chose the other', () => {
    expect(playbackChoice({ ...offline, downloadedKind: 'audio' })).toEqual({ src: null, fromDownload: false, canSwitch: true })
    expect(playbackChoice({ ...offline, downloadedKind: 'video', listening: true })).toEqual({ src: null, fromDownload: false, canSwitch: true })
  })

  it('has nothing to play offline without a download, nor while the download is not known yet', () => {
    expect(playbackChoice(offline)).toEqual({ src: null, fromDownload: false, canSwitch: false })
    expect(playbackChoice({ ...offline, downloadedKind: undefined })).toEqual({ src: null, fromDownload: false, canSwitch: false })
  })
})
