import { describe, expect, it } from 'vitest'
import { memoryLocks, tryLock, waitForLock } from './locks.ts'

describe('tab locks', () => {
  it('a lock held is not taken again until let go, then goes to those waiting in the order they asked', async () => {
    const locks = memoryLocks()
    const release = (await tryLock(locks, 'upload:1'))!
    expect(release).toBeTypeOf('function')
    expect(await tryLock(locks, 'upload:1')).toBeNull()
    expect(await tryLock(locks, 'upload:2')).not.toBeNull() // one lock per item
    const granted: string[] = []
    const first = waitForLock(locks, 'upload:1').then((letGo) => (granted.push('first'), letGo))
    const second = waitForLock(locks, 'upload:1').then((letGo) => (granted.push('second'), letGo))
    await release()
    await (await first)()
    await (await second)()
    expect(granted).toEqual(['first', 'second'])
    const again = await tryLock(locks, 'upload:1')
    expect(again).not.toBeNull()
    await again!()
    await again!() // letting go twice is harmless
    expect(await tryLock(locks, 'upload:1')).not.toBeNull()
  })
})
