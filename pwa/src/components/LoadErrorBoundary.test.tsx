import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx'

afterEach(cleanup)

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module')
}

describe('LoadErrorBoundary', () => {
  it('replaces a part that failed to load with a message and a way out, until the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { rerender } = render(
      <LoadErrorBoundary resetKey="/languages">
        <Broken />
      </LoadErrorBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toContain('You may be offline')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    rerender(
      <LoadErrorBoundary resetKey="/account">
        <p>fine</p>
      </LoadErrorBoundary>,
    )
    expect(screen.getByText('fine')).toBeTruthy()
  })
})
