/**
 * PostgreSQL under Kysely: a pg.Pool whose type parsers return what SQLite returns for the same
 * columns. BIGINT (our epoch-ms times and ids) and what COUNT/SUM answer (int8, numeric) come back
 * as numbers, not strings; every value we keep fits a double exactly. Times are never timestamptz
 * (epoch ms in BIGINT, ISO strings in TEXT), so no Date ever appears.
 */
import { PostgresDialect } from 'kysely'
import pg from 'pg'

const INT8 = 20
const NUMERIC = 1700

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format)
  },
} as pg.CustomTypesConfig

export function createPool(url: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({ connectionString: url, types, max: options.max ?? 10 })
  // An idle connection the server closed (restart, failover) is dropped by the pool and the next
  // query opens another; without a listener the 'error' event would end the process.
  pool.on('error', () => {})
  return pool
}

export function postgresDialect(pool: pg.Pool) {
  return new PostgresDialect({ pool })
}
