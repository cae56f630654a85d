import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TranscriptPanel } from './TranscriptPanel.tsx'

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

  it('stops following once the learner scrolls it, offers the way back, and follows again after a tap', () => {
    render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onSeek={() => {}} />)
    expect(screen.queryByTestId('transcript-back')).toBeNull()
    fireEvent.wheel(screen.getByRole('list'))
    expect(screen.getByTestId('transcript').dataset.following).toBe('false')
    fireEvent.click(screen.getByTestId('transcript-back'))
    expect(screen.getByTestId('transcript').dataset.following).toBe('true')
    fireEvent.touchMove(screen.getByRole('list'))
    fireEvent.click(screen.getByRole('button', { name: /Mẹ mua rau/ }))
    expect(screen.getByTestId('transcript').dataset.following).toBe('true')
  })

  it('in listening mode hides each line’s words until it is revealed, then seeks on the next tap', () => {
    const onSeek = vi.fn()
    const onReveal = vi.fn()
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={0} onSeek={onSeek} listening revealed={new Set()} onReveal={onReveal} />)
    const hidden = screen.getAllByTestId('transcript-line')[1]
    expect(hidden.getAttribute('aria-label')).toBe('player.hiddenLine')
    fireEvent.click(hidden)
    expect(onReveal).toHaveBeenCalledWith(1)
    expect(onSeek).not.toHaveBeenCalled()
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={0} onSeek={onSeek} listening revealed={new Set([1])} onReveal={onReveal} />)
    fireEvent.click(screen.getByRole('button', { name: /đi chợ với mẹ/ }))
    expect(onSeek).toHaveBeenCalledWith(84)
  })

  it('says when the captions could not be loaded', () => {
    render(<TranscriptPanel cues={null} language="vi" failed current={-1} onSeek={() => {}} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('transcript.failed')).toBeTruthy()
  })
})
