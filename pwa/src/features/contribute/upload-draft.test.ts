import { describe, expect, it } from 'vitest'
import { checkUpload } from './upload-rules.ts'
import { emptyUploadDraft, queuedUploadOf, type UploadDraft } from './upload-draft.ts'

const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' })
const captionBytes = new Blob(['WEBVTT'])

describe('the upload draft', () => {
  it('starts empty, in the language chosen, and an empty draft is not sent', () => {
    const draft = emptyUploadDraft('vi')
    expect(draft.language).toBe('vi')
    expect(Object.keys(checkUpload(draft)).sort()).toEqual(['file', 'level', 'release', 'title'])
  })

  it('goes into the queue trimmed, with its creators parsed and its optional fields as null', () => {
    const draft: UploadDraft = {
      ...emptyUploadDraft('vi'),
      title: '  Ở chợ  ',
      description: ' Mua rau. ',
      level: 'beginner',
      creators: 'An@Example.com, binh@example.vn an@example.com',
      file,
      releaseConfirmed: true,
    }
    const queued = queuedUploadOf(draft, file, 'beginner')
    expect(queued.title).toBe('Ở chợ')
    expect(queued.file).toBe(file)
    expect(queued.captions).toEqual([])
    expect('details' in queued && queued.details).toEqual({
      title: 'Ở chợ',
      description: 'Mua rau.',
      proficiency_level: 'beginner',
      language_code: 'vi',
      creator_emails: ['an@example.com', 'binh@example.vn'],
      series_name: null,
      episode_number: null,
      release_confirmed: true,
      publishable: false,
      dialect: null,
    })
  })

  it('carries the series, the episode as a number, the dialect, the publishable flag and each caption file', () => {
    const draft: UploadDraft = {
      ...emptyUploadDraft('vi'),
      title: 'Tập 3',
      seriesName: ' Ở chợ ',
      episode: '3',
      dialect: 'southern',
      publishable: true,
      captions: { vi: { fileName: 'vi.vtt', bytes: captionBytes } },
    }
    const queued = queuedUploadOf(draft, file, 'intermediate')
    expect(queued.captions).toEqual([{ language: 'vi', fileName: 'vi.vtt', bytes: captionBytes }])
    expect('details' in queued && queued.details).toMatchObject({ series_name: 'Ở chợ', episode_number: 3, dialect: 'southern', publishable: true, proficiency_level: 'intermediate' })
  })

  it('sends a Cantonese submission its yue and en files, and leaves behind a vi file chosen before the language changed', () => {
    const draft: UploadDraft = {
      ...emptyUploadDraft('yue'),
      title: '飲茶',
      captions: {
        vi: { fileName: 'old.vi.vtt', bytes: captionBytes },
        yue: { fileName: 'yum-cha.yue.vtt', bytes: captionBytes },
        en: { fileName: 'yum-cha.en.vtt', bytes: captionBytes },
      },
    }
    expect(queuedUploadOf(draft, file, 'beginner').captions?.map((caption) => [caption.language, caption.fileName])).toEqual([
      ['yue', 'yum-cha.yue.vtt'],
      ['en', 'yum-cha.en.vtt'],
    ])
  })
})
