import { describe, expect, it } from 'vitest'
import { checkedIn, renderAll } from './render.ts'

describe('the SQL each repository sends, rendered for both engines (sync-server/sql)', () => {
  it('is checked in as the repositories send it now', async () => {
    const rendered = await renderAll()
    const files = checkedIn()
    const stale = [...rendered].filter(([file, text]) => files.get(file) !== text).map(([file]) => file)
    const gone = [...files.keys()].filter((file) => !rendered.has(file))
    const advice = 'Run `npm run sql:render` and review the SQL it changes with the change that changed it.'
    expect(stale, `These rendered files differ from the SQL the repositories send now. ${advice}`).toEqual([])
    expect(gone, `These rendered files belong to no repository. ${advice}`).toEqual([])
    expect(rendered.size).toBeGreaterThan(0)
  }, 120_000)
})
