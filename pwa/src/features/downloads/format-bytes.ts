/**
 * Decimal and grouping marks of the app's own languages. The first Intl.NumberFormat a page makes loads
 * ICU's number data: about 25 ms on a desktop core, a 100 ms long task on a phone, in the first render of
 * the video page (its download size; issue 32, the video page's blocking time). Sizes need no more than
 * these marks; any other language asks Intl.
 */
const MARKS: Readonly<Record<string, { decimal: string; group: string }>> = {
  en: { decimal: '.', group: ',' },
  vi: { decimal: ',', group: '.' },
  'zh-Hant-HK': { decimal: '.', group: ',' },
}

/** `value` with at most `fractionDigits` decimals (trailing zeros dropped), grouped by thousands, as Intl would. */
export function formatDecimal(value: number, fractionDigits: number, locale?: string): string {
  const marks = MARKS[locale ?? '']
  if (!marks) return value.toLocaleString(locale, { maximumFractionDigits: fractionDigits })
  const [whole = '0', fraction = ''] = value.toFixed(fractionDigits).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group)
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${grouped}${marks.decimal}${kept}` : grouped
}

/** Sizes as people read them: kilobytes under 1 MB, megabytes (one decimal under 10), gigabytes past 1000. */
export function formatMegabytes(bytes: number, locale?: string): string {
  const mb = bytes / (1024 * 1024)
  if (mb < 1) return `${formatDecimal(Math.ceil(bytes / 1024), 0, locale)} KB`
  if (mb >= 1000) return `${formatDecimal(mb / 1024, 1, locale)} GB`
  return `${formatDecimal(mb, mb < 10 ? 1 : 0, locale)} MB`
}

export function downloadPercent(record: { bytesDone: number; bytesTotal: number; filesDone: number; filesTotal: number; status: string }): number {
  if (record.status === 'complete') return 100
  if (record.filesTotal > 0) return Math.min(99, Math.floor((record.filesDone / record.filesTotal) * 100))
  return record.bytesTotal > 0 ? Math.min(99, Math.floor((record.bytesDone / record.bytesTotal) * 100)) : 0
}
