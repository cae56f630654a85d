import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TranscriptPanel } from './TranscriptPanel.tsx'
import { modeFor, transcriptLanguage } from './use-caption-tracks.ts'

afterEach(cleanup)

const cues = [
  { start: 1, end: 3, text: 'Xin chào các bạn.' },
  { start: 84, end: 87, text: 'Hôm nay tôi đi chợ với mẹ.' },
  { start: 90, end: 93, text: 'Mẹ mua rau.' },
]

describe('the transcript panel', () => {
  it('lists every line with its time, marks only the current one, and announces nothing as it plays', () => {
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onSeek={() => {}} />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['0:01Xin chào các bạn.', '1:24Hôm nay tôi đi chợ với mẹ.', '1:30Mẹ mua rau.'])
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true', null])
    expect(screen.getByRole('list').getAttribute('lang')).toBe('vi')
    expect(document.querySelector('[aria-live]')).toBeNull()
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={2} onSeek={() => {}} />)
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'true'])
  })

  it('seeks to a line when it is tapped', () => {
    const onSeek = vi.fn()
    render(<TranscriptPanel cues={cues} language="vi" failed={false} current={-1} onSeek={onSeek} />)
    fireEvent.click(screen.getByRole('button', { name: /đi chợ với mẹ/ }))
    expect(onSeek).toHaveBeenCalledWith(84)
  })

  it('says when the captions could not be loaded', () => {
    render(<TranscriptPanel cues={null} language="vi" failed current={-1} onSeek={() => {}} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('transcript.failed')).toBeTruthy()
  })
})

describe('caption track modes', () => {
  it('shows the chosen language, keeps the transcript’s track loaded but hidden, and leaves the others off', () => {
    expect(modeFor('vi', 'off', 'vi')).toBe('hidden')
    expect(modeFor('en', 'off', 'vi')).toBe('disabled')
    expect(modeFor('en', 'en', 'vi')).toBe('showing')
    expect(modeFor('vi', 'vi', 'vi')).toBe('showing')
  })

  it('takes the Vietnamese track for the transcript when there is one', () => {
    const track = (language: 'vi' | 'en') => ({ language, label: language, url: `/${language}.vtt` })
    expect(transcriptLanguage([track('en'), track('vi')])).toBe('vi')
    expect(transcriptLanguage([track('en')])).toBe('en')
    expect(transcriptLanguage([])).toBeNull()
  })
})
