/**
 * ffmpeg's pipes: a stdout or stderr that fails while ffmpeg runs ends the run with an error (the
 * transcode job fails and is retried) instead of an unheard stream error that stops the server.
 */
import type { ChildProcess } from 'node:child_process'
import { describe, expect, it, vi } from 'vitest'

// Every ffmpeg this file starts gets its chosen pipe broken right after it starts.
const breakPipe = vi.hoisted(() => ({ which: 'stdout' as 'stdout' | 'stderr' }))
vi.mock('node:child_process', async (original) => {
  const real = await original<typeof import('node:child_process')>()
  return {
    ...real,
    spawn: (...args: Parameters<typeof real.spawn>) => {
      const child: ChildProcess = real.spawn(...args)
      setImmediate(() => child[breakPipe.which]!.emit('error', Object.assign(new Error('read EPIPE'), { code: 'EPIPE' })))
      return child
    },
  }
})

const { FfmpegError, runFfmpeg } = await import('./ffmpeg.ts')

// Ten seconds of test pattern encoded to nothing: long enough to still be running when the pipe breaks.
const ARGS = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=10', '-f', 'null', '-']

describe('ffmpeg pipes', () => {
  for (const which of ['stdout', 'stderr'] as const) {
    it(`a transcode whose ${which} pipe breaks fails with an error, and the server process lives on`, async () => {
      breakPipe.which = which
      const run = runFfmpeg(ARGS, { timeoutMs: 60_000 })
      await expect(run).rejects.toBeInstanceOf(FfmpegError)
      await expect(run).rejects.toThrow(/could not be read/)
    })
  }
})
