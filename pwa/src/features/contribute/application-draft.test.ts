import { describe, expect, it } from 'vitest'
import { applicationFormData, checkApplication, EMPTY_APPLICATION, type ApplicationDraft } from './application-draft.ts'

const video = new File(['x'], 'me.mp4', { type: 'video/mp4' })
const complete: ApplicationDraft = { name: ' Mai ', email: ' mai@example.vn ', location: ' Huế ', english: 'a_little', notes: ' Hi ', video }

describe('the contributor application form', () => {
  it('asks an empty form for a name, an email, the English answer and the video', () => {
    expect(checkApplication(EMPTY_APPLICATION)).toEqual({ name: 'nameRequired', email: 'emailInvalid', english: 'englishRequired', video: 'no_video_file' })
  })

  it('accepts a complete form, and refuses an address without a domain or a video of another type', () => {
    expect(checkApplication(complete)).toEqual({})
    expect(checkApplication({ ...complete, email: 'mai@example' })).toEqual({ email: 'emailInvalid' })
    expect(checkApplication({ ...complete, video: new File(['x'], 'me.gif', { type: 'image/gif' }) })).toEqual({ video: 'invalid_file_type' })
  })

  it('sends every field trimmed, with the video', () => {
    const form = applicationFormData(complete, video, 'a_little', 'vi')
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'video'))).toEqual({
      name: 'Mai',
      email: 'mai@example.vn',
      location: 'Huế',
      english_ability: 'a_little',
      notes: 'Hi',
      ui_language: 'vi',
    })
    expect((form.get('video') as File).name).toBe('me.mp4')
  })
})
