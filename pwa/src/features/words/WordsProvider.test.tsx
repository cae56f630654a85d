import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WordsProvider } from './WordsProvider.tsx'

// Which of the sheet's code the page has asked for: the chunk is loaded when this module is imported.
const sheetCodeAskedFor = vi.hoisted(() => vi.fn())
vi.mock('./WordSheet.tsx', async (importOriginal) => {
  sheetCodeAskedFor()
  return await importOriginal()
})

beforeEach(() => {
  // The lexicon's refresh finds no network: the page works from what the device holds.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the words of a player', () => {
  it('has the word sheet ready before the first tap: its code is asked for once the page is idle, with no word tapped', async () => {
    render(
      <WordsProvider language="vi">
        <p>xin chào</p>
      </WordsProvider>,
    )
    expect(screen.getByText('xin chào')).toBeTruthy()
    await waitFor(() => expect(sheetCodeAskedFor).toHaveBeenCalledTimes(1))
    expect(screen.queryByTestId('word-sheet')).toBeNull()
  })
})
