import { describe, expect, it } from 'vitest'
import { askPartsAhead } from './parts-ahead.ts'

/** A fetch that records each request and answers once told to (or fails when its request is aborted). */
function pendingFetch() {
  const requests: Array<{ url: string; signal: AbortSignal; answer: () => void }> = []
  const fetchPart = (url: string, signal: AbortSignal) =>
    new Promise<Response>((resolve, reject) => {
      requests.push({ url, signal, answer: () => resolve(new Response(url)) })
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })
  return { requests, fetchPart }
}

describe('parts asked for ahead', () => {
  it('asks for every planned part at once and hands each answer over once', async () => {
    const { requests, fetchPart } = pendingFetch()
    const ahead = askPartsAhead(Promise.resolve(['/part?from=0', '/part?from=26']), fetchPart)
    await ahead.asked
    expect(requests.map((request) => request.url)).toEqual(['/part?from=0', '/part?from=26'])
    const run = new AbortController()
    const answer = ahead.take('/part?from=0', run.signal)!
    expect(ahead.take('/part?from=0', run.signal)).toBeUndefined() // a second take fetches for itself
    requests[0].answer()
    expect(await (await answer).text()).toBe('/part?from=0')
  })

  it('aborts what the run did not take, and a taken answer with the run that took it', async () => {
    const { requests, fetchPart } = pendingFetch()
    const ahead = askPartsAhead(Promise.resolve(['/a', '/b', '/c']), fetchPart)
    await ahead.asked
    const run = new AbortController()
    const taken = ahead.take('/b', run.signal)!
    taken.catch(() => undefined)
    ahead.cancel()
    expect(requests.map((request) => request.signal.aborted)).toEqual([true, false, true])
    expect(ahead.take('/a', run.signal)).toBeUndefined()
    run.abort() // a pause or a delete
    expect(requests[1].signal.aborted).toBe(true)
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('asks for nothing once cancelled before the plan was known, or when there is no plan', async () => {
    const { requests, fetchPart } = pendingFetch()
    let plan!: (urls: string[]) => void
    const late = askPartsAhead(new Promise<string[]>((resolve) => (plan = resolve)), fetchPart)
    late.cancel()
    plan(['/a'])
    await late.asked
    const none = askPartsAhead(Promise.reject(new Error('the playlist did not load')), fetchPart)
    await none.asked
    expect(requests).toEqual([])
    expect(none.take('/a', new AbortController().signal)).toBeUndefined()
  })
})
