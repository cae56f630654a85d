import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { KEPT_TABLES, TABLES_IN_REFERENCE_ORDER } from './schema.ts'
import { NOT_PERSONAL, PERSONAL_TABLES } from './personal-data.ts'

describeOnEachEngine((_engine, database) => {
  it('lists every table holding a person’s rows, so the export and the deletion cannot miss one added later', async () => {
    // The schema's tables (SQLite's search indexes of 0007 are not tables of the schema: their triggers follow users).
    const schemaTables = new Set<string>([...TABLES_IN_REFERENCE_ORDER, ...KEPT_TABLES])
    const tables = (await database().db.introspection.getTables()).filter((table) => schemaTables.has(table.name))
    const personal = new Set<string>(PERSONAL_TABLES.map((spec) => spec.table))
    const unlisted = tables
      .filter((table) => table.columns.some((column) => column.name === 'user_id' || column.name === 'email'))
      .map((table) => table.name)
      .filter((name) => !personal.has(name) && !NOT_PERSONAL.has(name as never))
    expect(unlisted).toEqual([])
    // And every listed table exists with its owner and key columns.
    for (const spec of PERSONAL_TABLES) {
      const table = tables.find((candidate) => candidate.name === spec.table)
      expect(table, spec.table).toBeDefined()
      const columns = table!.columns.map((column) => column.name)
      expect(columns, spec.table).toContain(spec.owner)
      expect(columns, spec.table).toContain(spec.key)
    }
  })
})
