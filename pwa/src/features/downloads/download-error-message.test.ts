import { describe, expect, it } from 'vitest'
import { DownloadError } from '../../data/downloads/record.ts'
import { downloadErrorMessage } from './download-error-message.ts'

const t = (key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)

describe('the download error message', () => {
  it('says how much space is needed and free, in megabytes', () => {
    const error = new DownloadError('no_space', { neededBytes: 52_428_800, freeBytes: 10_485_760 })
    expect(downloadErrorMessage(error, t, 'en')).toBe('noSpace {"needed":"50 MB","free":"10 MB"}')
  })

  it('names a video the learner may not download, and a network that will come back', () => {
    expect(downloadErrorMessage(new DownloadError('not_entitled'), t, 'en')).toBe('notEntitled')
    expect(downloadErrorMessage(new DownloadError('network'), t, 'en')).toBe('offlineWillResume')
  })

  it('says only that it failed for a video with no media or any other error', () => {
    expect(downloadErrorMessage(new DownloadError('no_media'), t, 'en')).toBe('failed')
    expect(downloadErrorMessage(new Error('boom'), t, 'en')).toBe('failed')
  })
})
