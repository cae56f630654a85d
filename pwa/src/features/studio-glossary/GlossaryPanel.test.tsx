import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GlossaryPanel } from './GlossaryPanel.tsx'

const suggestions = {
  data: [
    { key: 'xe ôm', count: 7, first_cue: { start: 62, text: 'Anh ấy đi Xe ôm về nhà.' } },
    { key: 'phở', count: 3, first_cue: { start: 5, text: 'Tôi ăn phở mỗi sáng.' } },
    { key: 'bún chả', count: 1, first_cue: { start: 90, text: 'Bún chả Hà Nội ngon lắm.' } },
  ],
}

/** The API as the panel sees it: the suggestions, and PUT answers from a queue (an answer, or a thrown fetch). */
function fakeApi(putAnswers: Array<{ status: number; body: unknown } | 'offline'>, saved: unknown = null) {
  const puts: unknown[] = []
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/submissions/41/glossary/suggestions')) return new Response(JSON.stringify(suggestions), { status: 200 })
    if (url.endsWith('/submissions/41/glossary') && (init?.method ?? 'GET') === 'GET' && saved) return new Response(JSON.stringify(saved), { status: 200 })
    if (url.endsWith('/submissions/41/glossary') && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)))
      const answer = putAnswers.shift()
      if (!answer || answer === 'offline') throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify(answer.body), { status: answer.status })
    }
    return new Response(JSON.stringify({ error: 'not_found', message: 'No.' }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { puts }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const rowOf = (key: string) => screen.getAllByTestId('glossary-row').find((row) => row.dataset.key === key)!

describe('the glossary panel', () => {
  it('lists the words most frequent first, each with the first line it is said in, the word in bold', async () => {
    fakeApi([])
    render(<GlossaryPanel submissionId="41" language="vi" />)
    await waitFor(() => expect(screen.getAllByTestId('glossary-row')).toHaveLength(3))
    expect(screen.getAllByTestId('glossary-row').map((row) => row.dataset.key)).toEqual(['xe ôm', 'phở', 'bún chả'])
    const first = rowOf('xe ôm')
    expect(first.querySelector('.glossary-context')!.textContent).toBe('1:02 Anh ấy đi Xe ôm về nhà.')
    // The line's own spelling of the word is the one in bold.
    expect(first.querySelector('strong')!.textContent).toBe('Xe ôm')
  })

  it('shows what was glossed before beside the suggestions, and a saved word no longer suggested after them', async () => {
    fakeApi([], { data: { entries: [{ headword: 'Phở', glosses: ['pho'] }, { headword: 'cà phê sữa đá', glosses: ['iced milk coffee'], reading: 'ca fe sua da' }] } })
    render(<GlossaryPanel submissionId="41" language="vi" />)
    await waitFor(() => expect(screen.getAllByTestId('glossary-row')).toHaveLength(4))
    expect(screen.getAllByTestId('glossary-row').map((row) => row.dataset.key)).toEqual(['xe ôm', 'phở', 'bún chả', 'cà phê sữa đá'])
    expect(within(rowOf('phở')).getByTestId('glossary-meanings').textContent).toBe('pho')
    expect(within(rowOf('cà phê sữa đá')).getByTestId('glossary-meanings').textContent).toBe('iced milk coffee · ca fe sua da')
  })

  it('glosses a word in place and saves the whole glossary with it', async () => {
    const { puts } = fakeApi([
      { status: 200, body: { data: { entries: [{ headword: 'phở', glosses: ['pho (noodle soup)'] }] } } },
      { status: 200, body: { data: { entries: [{ headword: 'phở', glosses: ['pho (noodle soup)'] }, { headword: 'xe ôm', glosses: ['motorbike taxi', 'its driver'], note: 'southern too' }] } } },
    ])
    render(<GlossaryPanel submissionId="41" language="vi" />)
    await waitFor(() => expect(screen.getAllByTestId('glossary-row')).toHaveLength(3))
    fireEvent.click(within(rowOf('phở')).getByRole('button', { name: 'glossary.glossWord' }))
    fireEvent.change(within(rowOf('phở')).getByTestId('gloss-input'), { target: { value: '  pho (noodle soup) ' } })
    fireEvent.click(within(rowOf('phở')).getByRole('button', { name: 'glossary.save' }))
    await waitFor(() => expect(screen.getByTestId('glossary-status').textContent).toBe('glossary.status.saved'))
    expect(puts[0]).toEqual({ entries: [{ headword: 'phở', glosses: ['pho (noodle soup)'] }] })
    expect(within(rowOf('phở')).getByTestId('glossary-meanings').textContent).toBe('pho (noodle soup)')

    fireEvent.click(within(rowOf('xe ôm')).getByRole('button', { name: 'glossary.glossWord' }))
    fireEvent.change(within(rowOf('xe ôm')).getByTestId('gloss-input'), { target: { value: 'motorbike taxi' } })
    fireEvent.click(within(rowOf('xe ôm')).getByRole('button', { name: 'glossary.addMeaning' }))
    fireEvent.change(within(rowOf('xe ôm')).getAllByTestId('gloss-input')[1]!, { target: { value: 'its driver' } })
    fireEvent.change(within(rowOf('xe ôm')).getByLabelText('glossary.note'), { target: { value: 'southern too' } })
    fireEvent.click(within(rowOf('xe ôm')).getByRole('button', { name: 'glossary.save' }))
    await waitFor(() => expect(puts).toHaveLength(2))
    expect(puts[1]).toEqual({ entries: [{ headword: 'phở', glosses: ['pho (noodle soup)'] }, { headword: 'xe ôm', glosses: ['motorbike taxi', 'its driver'], note: 'southern too' }] })
    await waitFor(() => expect(within(rowOf('xe ôm')).getByTestId('glossary-meanings').textContent).toBe('motorbike taxi; its driver · southern too'))
  })

  it('does not send a word with no meaning, and says why', async () => {
    const { puts } = fakeApi([])
    render(<GlossaryPanel submissionId="41" language="vi" />)
    await waitFor(() => expect(screen.getAllByTestId('glossary-row')).toHaveLength(3))
    fireEvent.click(within(rowOf('phở')).getByRole('button', { name: 'glossary.glossWord' }))
    fireEvent.change(within(rowOf('phở')).getByTestId('gloss-input'), { target: { value: '   ' } })
    fireEvent.click(within(rowOf('phở')).getByRole('button', { name: 'glossary.save' }))
    expect(within(rowOf('phở')).getByRole('alert').textContent).toBe('glossary.problem.noGloss')
    expect(puts).toHaveLength(0)
  })

  it('shows the server’s refusal beside the entry it names, and keeps the glosses when offline', async () => {
    const refusal = { error: 'invalid_glossary', message: 'This glossary cannot be saved: entries[1] "bún chả": note: note is at most 500 characters.', errors: ['entries[1] "bún chả": note: note is at most 500 characters.'] }
    const { puts } = fakeApi([{ status: 200, body: { data: { entries: [{ headword: 'phở', glosses: ['pho'] }] } } }, { status: 422, body: refusal }, 'offline'])
    render(<GlossaryPanel submissionId="41" language="vi" />)
    await waitFor(() => expect(screen.getAllByTestId('glossary-row')).toHaveLength(3))
    for (const [key, gloss] of [['phở', 'pho'], ['bún chả', 'grilled pork with noodles']] as const) {
      fireEvent.click(within(rowOf(key)).getByRole('button', { name: 'glossary.glossWord' }))
      fireEvent.change(within(rowOf(key)).getByTestId('gloss-input'), { target: { value: gloss } })
      fireEvent.click(within(rowOf(key)).getByRole('button', { name: 'glossary.save' }))
      await waitFor(() => expect(screen.getByTestId('glossary-status').textContent).not.toBe('glossary.status.saving'))
    }
    expect(puts).toHaveLength(2)
    expect(within(rowOf('bún chả')).getByTestId('glossary-row-error').textContent).toBe('note: note is at most 500 characters.')
    expect(within(rowOf('phở')).queryByTestId('glossary-row-error')).toBeNull()
    // Try again while offline: the glosses stay on screen, and the panel says they are not saved.
    fireEvent.click(screen.getByRole('button', { name: 'glossary.retry' }))
    await waitFor(() => expect(screen.getByTestId('glossary-status').textContent).toContain('glossary.status.offline'))
    expect(within(rowOf('bún chả')).getByTestId('glossary-meanings').textContent).toBe('grilled pork with noodles')
  })
})
