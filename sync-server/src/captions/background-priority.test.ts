import fs from 'node:fs'
import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { createCaptionPreparer } from './prepare-off-thread.ts'

/** The nice value of each thread of this process (Linux: /proc/self/task/TID/stat, field 19). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

describe.runIf(process.platform === 'linux')('caption threads (issue 45 item 5)', () => {
  it('prepare a file below the priority of the thread that answers requests, which keeps its own', async () => {
    const before = threadNiceValues().filter((nice) => nice >= 10).length
    const preparer = createCaptionPreparer({ threads: 1 })
    try {
      const result = await preparer.prepare({ bytes: new TextEncoder().encode('WEBVTT\n\n00:01.000 --> 00:02.000\nMột.\n'), videoSeconds: null, language: 'vi' })
      expect(result.ok).toBe(true)
      expect(threadNiceValues().filter((nice) => nice >= 10).length).toBe(before + 1)
      expect(os.getPriority()).toBe(0)
    } finally {
      await preparer.close()
    }
  })
})
