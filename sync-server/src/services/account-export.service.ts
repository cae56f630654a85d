/**
 * "Download my data": everything the service holds about one person, as one JSON document written as it
 * is read (a page of rows at a time, `PERSONAL_TABLES` in order), and the watch history as CSV. Nothing
 * about anyone else: every read is by the person's id or address, and the credits of people a submission
 * features are left out.
 */
import type { Clock } from '../clock.ts'
import type { AccountExportRepository, WatchHistoryRow } from '../repositories/account-export.repository.ts'
import { PERSONAL_TABLES, type PersonalTable } from '../db/personal-data.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { UsersService } from './users.service.ts'

/** Where the document goes: resolves once the chunk may be followed by the next (back-pressure). */
export type ExportSink = (chunk: string) => Promise<void>

const PAGE_SIZE = 2_000
export const EXPORT_FORMAT = 'dehieu-export/1'

const CSV_COLUMNS: ReadonlyArray<keyof WatchHistoryRow> = [
  'occurred_at',
  'day',
  'video_id',
  'video_title',
  'watched_seconds',
  'position_from',
  'position_to',
  'playback_rate',
  'mode',
]

export type AccountExportService = ReturnType<typeof createAccountExportService>

export function createAccountExportService(deps: { exports: AccountExportRepository; users: UsersService; clock: Clock }) {
  function shape(spec: PersonalTable, row: Record<string, unknown>): Record<string, unknown> {
    const omit = spec.omit ?? (spec.owner === 'user_id' ? ['user_id'] : [])
    const out: Record<string, unknown> = {}
    for (const [column, value] of Object.entries(row)) {
      if (omit.includes(column)) continue
      if (spec.json?.includes(column) && typeof value === 'string') out[column] = parseJson(value)
      else if (spec.epochMs?.includes(column) && typeof value === 'number') out[column] = new Date(value).toISOString()
      else out[column] = value
    }
    return out
  }

  return {
    fileName: (extension: 'json' | 'csv') => `dehieu-export-${new Date(deps.clock.now()).toISOString().slice(0, 10)}.${extension}`,

    async writeJson(user: UserRow, write: ExportSink): Promise<void> {
      const account = {
        ...deps.users.toView(user),
        created_at: user.created_at,
        last_sign_in_at: user.last_sign_in_at,
      }
      await write(
        `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(new Date(deps.clock.now()).toISOString())},"user":${JSON.stringify(account)}`,
      )
      for (const spec of PERSONAL_TABLES) {
        if (!spec.section) continue
        await write(`,\n${JSON.stringify(spec.section)}:[`)
        let first = true
        for await (const rows of deps.exports.pagesOf(spec, user, PAGE_SIZE)) {
          const text = rows.map((row) => JSON.stringify(shape(spec, row))).join(',\n')
          await write(first ? `\n${text}` : `,\n${text}`)
          first = false
        }
        await write(']')
      }
      await write('}\n')
    },

    /** UTF-8 with a byte-order mark (so spreadsheets read the Vietnamese titles right), CRLF, RFC 4180 quoting. */
    async writeWatchHistoryCsv(user: UserRow, write: ExportSink): Promise<void> {
      await write(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`)
      for await (const rows of deps.exports.watchHistoryPages(user.id, PAGE_SIZE)) {
        await write(rows.map((row) => CSV_COLUMNS.map((column) => csvField(row[column])).join(',') + '\r\n').join(''))
      }
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * One CSV field. Text is always quoted (quotes doubled), so commas and line breaks stay inside it; text
 * a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe, the usual guard.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}
