/**
 * Opens the device's database ahead of the first render (app/first-paint.ts, issue 48): on a first visit
 * opening it creates every table, work that otherwise ran inside the render's first live query.
 * Never rejects: a database that cannot open is the live queries' to report, as before.
 */
import { db } from './db.ts'

export function openDatabaseAhead(): Promise<void> {
  return db.open().then(
    () => undefined,
    () => undefined,
  )
}
