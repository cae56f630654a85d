import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { batchLines } from './line-batch.ts'

/** A sink that keeps what it is handed, as the file would get it. */
function recordingSink() {
  const sink = Object.assign(new EventEmitter(), {
    writes: [] as string[],
    syncFlushes: 0,
    write(text: string) {
      sink.writes.push(text)
      return true
    },
    flush(callback?: (error?: Error) => void) {
      callback?.()
    },
    flushSync() {
      sink.syncFlushes++
    },
  })
  return sink
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('batchLines', () => {
  it('hands lines over together once a batch is full, in the order written', () => {
    const sink = recordingSink()
    const lines = batchLines(sink, { batchBytes: 30, flushMs: 100 })
    lines.write('{"n":1}\n')
    lines.write('{"n":2}\n')
    lines.write('{"n":3}\n')
    expect(sink.writes).toEqual([])
    lines.write('{"n":4}\n')
    expect(sink.writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n'])
    sink.emit('close')
  })

  it('hands a lone line over within the flush interval', () => {
    const sink = recordingSink()
    const lines = batchLines(sink, { batchBytes: 4096, flushMs: 100 })
    lines.write('{"msg":"alone"}\n')
    vi.advanceTimersByTime(99)
    expect(sink.writes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sink.writes).toEqual(['{"msg":"alone"}\n'])
    vi.advanceTimersByTime(1000)
    expect(sink.writes).toHaveLength(1)
    sink.emit('close')
  })

  it('writes everything gathered when asked to flush synchronously (as pino does after a fatal line)', () => {
    const sink = recordingSink()
    const lines = batchLines(sink, { batchBytes: 4096, flushMs: 100 })
    lines.write('a\n')
    lines.write('b\n')
    lines.flushSync()
    expect(sink.writes).toEqual(['a\nb\n'])
    expect(sink.syncFlushes).toBe(1)
    sink.emit('close')
  })

  it('stops its timer and its exit hooks once the sink is closed', () => {
    const sink = recordingSink()
    const exitHooks = process.listenerCount('exit')
    batchLines(sink, { batchBytes: 4096, flushMs: 100 })
    expect(process.listenerCount('exit')).toBe(exitHooks + 1)
    sink.emit('close')
    expect(process.listenerCount('exit')).toBe(exitHooks)
    expect(vi.getTimerCount()).toBe(0)
  })
})
