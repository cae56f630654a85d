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
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['0:01Xin chào các bạn.', '1:24Hôm nay tôi đi chợ với mẹ.', '1:30Mẹ mua rau.'])
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true', null])
    expect(screen.getByRole('list').getAttribute('lang')).toBe('vi')
    expect(document.querySelector('[aria-live]')).toBeNull()
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={2} onPlay={() => {}} />)
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'true'])
  })

  it('plays from a line when its time is pressed: the words are text beside that button, not inside it', () => {
    const onPlay = vi.fn()
    render(<TranscriptPanel cues={cues} language="vi" failed={false} current={-1} onPlay={onPlay} />)
    fireEvent.click(screen.getByRole('button', { name: /đi chợ với mẹ/ }))
    expect(onPlay).toHaveBeenCalledWith(84)
    const button = screen.getAllByTestId('transcript-line')[1]
    expect(button.textContent).toBe('1:24')
    expect(button.querySelector('button, a, input')).toBeNull()
    expect(screen.getByText('Hôm nay tôi đi chợ với mẹ.').closest('button')).toBeNull()
  })

  it('shows what the English track says under each line, and its toggle says whether it is on', () => {
    const onToggle = vi.fn()
    const translations = ['Hello everyone.', 'Today I go to the market with my mother.', '']
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} translations={translations} english={{ shown: true, onToggle }} />)
    const shown = screen.getAllByTestId('transcript-translation')
    expect(shown.map((line) => line.textContent)).toEqual(translations.slice(0, 2))
    expect(shown.every((line) => line.getAttribute('lang') === 'en')).toBe(true)
    expect(screen.getAllByRole('listitem')[1].textContent).toBe('1:24Hôm nay tôi đi chợ với mẹ.Today I go to the market with my mother.')
    const toggle = screen.getByTestId('transcript-english')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(toggle)
    expect(onToggle).toHaveBeenCalledTimes(1)
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} translations={null} english={{ shown: false, onToggle }} />)
    expect(screen.queryByTestId('transcript-translation')).toBeNull()
    expect(screen.getByTestId('transcript-english').getAttribute('aria-pressed')).toBe('false')
  })

  it('stops following once the learner scrolls it, offers the way back, and follows again after a tap', () => {
    render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} />)
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
    const onPlay = vi.fn()
    const onReveal = vi.fn()
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={0} onPlay={onPlay} listening revealed={new Set()} onReveal={onReveal} />)
    const hidden = screen.getAllByTestId('transcript-line')[1]
    expect(hidden.getAttribute('aria-label')).toBe('player.hiddenLine')
    fireEvent.click(hidden)
    expect(onReveal).toHaveBeenCalledWith(1)
    expect(onPlay).not.toHaveBeenCalled()
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={0} onPlay={onPlay} listening revealed={new Set([1])} onReveal={onReveal} />)
    fireEvent.click(screen.getByRole('button', { name: /đi chợ với mẹ/ }))
    expect(onPlay).toHaveBeenCalledWith(84)
    const button = screen.getAllByTestId('transcript-line')[1]
    expect(button.textContent).toBe('1:24')
    expect(button.querySelector('button, a, input')).toBeNull()
    expect(screen.getByText('Hôm nay tôi đi chợ với mẹ.').closest('button')).toBeNull()
  })

  it('shows what the English track says under each line, and its toggle says whether it is on', () => {
    const onToggle = vi.fn()
    const translations = ['Hello everyone.', 'Today I go to the market with my mother.', '']
    const { rerender } = render(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} translations={translations} english={{ shown: true, onToggle }} />)
    const shown = screen.getAllByTestId('transcript-translation')
    expect(shown.map((line) => line.textContent)).toEqual(translations.slice(0, 2))
    expect(shown.every((line) => line.getAttribute('lang') === 'en')).toBe(true)
    expect(screen.getAllByRole('listitem')[1].textContent).toBe('1:24Hôm nay tôi đi chợ với mẹ.Today I go to the market with my mother.')
    const toggle = screen.getByTestId('transcript-english')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(toggle)
    expect(onToggle).toHaveBeenCalledTimes(1)
    rerender(<TranscriptPanel cues={cues} language="vi" failed={false} current={1} onPlay={() => {}} translations={null} english={{ shown: false, onToggle }} />)
    expect(screen.queryByTestId('transcript-translation')).toBeNull()
    expect(screen.getByTestId('transcript-english').getAttribute('aria-pressed')).toBe('false')
  })

  it('says when the captions could not be loaded', () => {
    render(<TranscriptPanel cues={null} language="vi" failed current={-1} onPlay={() => {}} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('transcript.failed')).toBeTruthy()
  })
})
