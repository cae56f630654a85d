import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './connection.ts'
import { migrate, readMigrations } from './migrate.ts'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-migrate-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('migrations', () => {
  it('apply in order once, are recorded, and a second start applies nothing', () => {
    const dataDir = tempDir()
    const db = openDatabase(dataDir)
    const applied = migrate(db)
    expect(applied).toEqual(readMigrations().map((m) => m.name))
    expect(migrate(db)).toEqual([])
    const recorded = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()
    expect(recorded).toEqual(readMigrations().map((m) => m.version))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
  })

  it('roll back a failing file whole, leaving the ones before it in place', () => {
    const migrationsDir = tempDir()
    fs.writeFileSync(path.join(migrationsDir, '0001_first.sql'), 'CREATE TABLE a (id INTEGER);')
    fs.writeFileSync(path.join(migrationsDir, '0002_broken.sql'), 'CREATE TABLE b (id INTEGER); INSERT INTO nowhere VALUES (1);')
    const db = openDatabase(tempDir())
    expect(() => migrate(db, readMigrations(migrationsDir))).toThrow(/nowhere/)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toContain('a')
    expect(tables).not.toContain('b')
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1])
    db.close()
  })

  it('refuse a gap in the numbering', () => {
    const migrationsDir = tempDir()
    fs.writeFileSync(path.join(migrationsDir, '0001_first.sql'), 'SELECT 1;')
    fs.writeFileSync(path.join(migrationsDir, '0003_third.sql'), 'SELECT 1;')
    expect(() => readMigrations(migrationsDir)).toThrow(/out of sequence/)
  })
})
