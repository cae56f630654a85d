import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCursorList } from './use-cursor-list.ts'

type Row = { id: number; name: string }

/** A fake /api/v1 that answers each path from a table, and can hold an answer back. */
function fakeServer(pages: Record<string, { data: Row[]; next_cursor: string | null }>) {
  const held = new Map<string, () => void>()
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.replace('/api/v1', '')
    if (path.includes('slow')) await new Promise<void>((resolve) => held.set(path, resolve))
    const body = pages[path]
    return new Response(JSON.stringify(body ?? { error: 'forbidden', message: 'no' }), { status: body ? 200 : 403 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, release: (path: string) => held.get(path)?.() }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('useCursorList', () => {
  it('loads the first page, appends the next, and replaces a row in place', async () => {
    fakeServer({
      '/admin/users': { data: [{ id: 3, name: 'c' }, { id: 2, name: 'b' }], next_cursor: 'abc' },
      '/admin/users?cursor=abc': { data: [{ id: 2, name: 'b' }, { id: 1, name: 'a' }], next_cursor: null },
    })
    const { result } = renderHook(() => useCursorList<Row>({ route: 'admin.users' }))
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.hasMore).toBe(true)
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.items.map((row) => row.id)).toEqual([3, 2, 1]))
    expect(result.current.hasMore).toBe(false)
    act(() => result.current.replace({ id: 2, name: 'B' }))
    expect(result.current.items[1].name).toBe('B')
  })

  it('never shows an answer for a path the person already left', async () => {
    const server = fakeServer({
      '/admin/users?q=slow': { data: [{ id: 9, name: 'old search' }], next_cursor: null },
      '/admin/users?q=new': { data: [{ id: 1, name: 'new search' }], next_cursor: null },
    })
    const { result, rerender } = renderHook(({ q }) => useCursorList<Row>({ route: 'admin.users', query: { q } }), { initialProps: { q: 'slow' } })
    rerender({ q: 'new' })
    await waitFor(() => expect(result.current.items.map((row) => row.name)).toEqual(['new search']))
    await act(async () => server.release('/admin/users?q=slow'))
    expect(result.current.items.map((row) => row.name)).toEqual(['new search'])
  })

  it('reports a 403 as forbidden, so the page can say "not allowed"', async () => {
    fakeServer({})
    const { result } = renderHook(() => useCursorList<Row>({ route: 'admin.users' }))
    await waitFor(() => expect(result.current.status).toBe('forbidden'))
    expect(result.current.items).toEqual([])
  })
})
