import { describe, expect, it } from 'vitest'
import { oneATurn, writeSlots } from './write-slots.ts'

describe('write slots', () => {
  it('runs one work at a time, in order of arrival', async () => {
    const run = writeSlots(1)
    const log: string[] = []
    let running = 0
    const work = (name: string) => async () => {
      running++
      expect(running).toBe(1)
      log.push(`start ${name}`)
      await new Promise<void>((resolve) => setTimeout(resolve, 5))
      log.push(`end ${name}`)
      running--
      return name
    }
    expect(await Promise.all([run(work('a')), run(work('b')), run(work('c'))])).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('lets the event loop turn between works that never yield (SQLite answers synchronously)', async () => {
    const run = writeSlots(1)
    const order: string[] = []
    // Works that finish without a macrotask, as a SQLite transaction does.
    const sync = (name: string) => async () => void order.push(name)
    const first = run(sync('a'))
    const second = run(sync('b'))
    // Another request arriving meanwhile: I/O and setImmediate callbacks stand for it.
    await new Promise<void>((resolve) => setImmediate(resolve))
    order.push('other request')
    await Promise.all([first, second])
    expect(order).toEqual(['a', 'other request', 'b'])
  })

  it('frees the slot when a work fails', async () => {
    const run = writeSlots(1)
    await expect(run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    expect(await run(async () => 'next')).toBe('next')
  })

  it('lets callers arriving together on one a turn, in order, with I/O read between them', async () => {
    const turn = oneATurn()
    const order: string[] = []
    // Three uploads whose bodies ended together, then a request arriving meanwhile (a setImmediate
    // callback stands for its I/O: it runs on the next turn, as the second caller does).
    const callers = ['a', 'b', 'c'].map((name) => turn().then(() => void order.push(name)))
    setImmediate(() => setImmediate(() => order.push('other request')))
    await Promise.all(callers)
    expect(order).toEqual(['a', 'b', 'other request', 'c'])
    // Idle again: the next caller is let on at the next turn.
    await turn()
  })
})
