import { describe, expect, it } from 'vitest'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { mergeFirstPage } from './use-submission-list.ts'

const base: Submission = {
  id: 1,
  title: 'Ở chợ',
  description: '',
  proficiency_level: 'beginner',
  language_code: 'vi',
  uploaded_by: { email: 'an@example.com', display_name: null },
  creators: [],
  series_name: null,
  episode_number: null,
  status: 'pending',
  stage: 'waiting',
  publishable_status: 'incomplete',
  published_video_id: null,
  upload: { state: 'complete', bytes_received: 10, bytes_total: 10 },
  processing: { state: 'processing', percent: 40, error: null },
  playback: null,
  created_at: '2026-01-01T00:00:00.000Z',
  dialect: null,
  captions: [],
}
const item = (id: number, percent = 40): Submission => ({ ...base, id, processing: { ...base.processing, percent } })
const shown = (list: Submission[]) => list.map((entry) => `${entry.id}:${entry.processing.percent}`)

describe("the submissions list's refresh", () => {
  it('shows the first page as it comes the first time', () => {
    expect(shown(mergeFirstPage(null, [item(3), item(2)]))).toEqual(['3:40', '2:40'])
  })

  it('updates what is shown in place, puts new submissions on top and keeps the later pages', () => {
    const current = [item(3), item(2), item(1)]
    expect(shown(mergeFirstPage(current, [item(4, 0), item(3, 90)]))).toEqual(['4:0', '3:90', '2:40', '1:40'])
  })
})
