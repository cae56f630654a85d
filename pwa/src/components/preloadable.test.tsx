import { act, cleanup, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadable } from './preloadable.tsx'

afterEach(cleanup)

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>
}

function inSuspense(children: React.ReactNode) {
  return <Suspense fallback={<p>loading</p>}>{children}</Suspense>
}

describe('preloadable', () => {
  it('renders a page loaded ahead in the first pass, where React.lazy shows its fallback first', async () => {
    const Lazy = lazy(async () => ({ default: Page }))
    const Preloaded = preloadable(async () => ({ default: Page }))
    await Preloaded.preload()

    render(inSuspense(<Preloaded name="Videos" />))
    expect(screen.getByRole('heading').textContent).toBe('Videos')
    cleanup()
    render(inSuspense(<Lazy name="Videos" />))
    expect(screen.queryByRole('heading')).toBeNull()
    expect(screen.getByText('loading')).toBeTruthy()
  })

  it('loads once, however often it is asked for, and renders when it arrives if not loaded ahead', async () => {
    let arrive: (module: { default: typeof Page }) => void = () => {}
    const load = vi.fn(() => new Promise<{ default: typeof Page }>((resolve) => (arrive = resolve)))
    const Later = preloadable(load)
    // React asks that a render which may suspend on a promise be awaited in act.
    await act(async () => {
      render(inSuspense(<Later name="Video" />))
    })
    expect(screen.getByText('loading')).toBeTruthy()
    await act(async () => {
      arrive({ default: Page })
      await Later.preload()
    })
    expect(screen.getByRole('heading').textContent).toBe('Video')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
