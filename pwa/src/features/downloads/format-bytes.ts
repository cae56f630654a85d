/** Sizes as people read them: kilobytes under 1 MB, megabytes (one decimal under 10), gigabytes past 1000. */
export function formatMegabytes(bytes: number, locale?: string): string {
  const mb = bytes / (1024 * 1024)
  if (mb < 1) return `${Math.ceil(bytes / 1024).toLocaleString(locale)} KB`
  if (mb >= 1000) return `${(mb / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} GB`
  return `${mb.toLocaleString(locale, { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`
}

export function downloadPercent(record: { bytesDone: number; bytesTotal: number; filesDone: number; filesTotal: number; status: string }): number {
  if (record.status === 'complete') return 100
  if (record.filesTotal > 0) return Math.min(99, Math.floor((record.filesDone / record.filesTotal) * 100))
  return record.bytesTotal > 0 ? Math.min(99, Math.floor((record.bytesDone / record.bytesTotal) * 100)) : 0
}
