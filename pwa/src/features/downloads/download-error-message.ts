/** What the learner is told when a download would not start or stopped, by the manager's reason. */
import { DownloadError } from '../../data/downloads/record.ts'
import { formatMegabytes } from './format-bytes.ts'

type Translate = (key: string, values?: Record<string, string>) => string

export function downloadErrorMessage(error: unknown, t: Translate, language: string): string {
  if (!(error instanceof DownloadError)) return t('failed')
  switch (error.code) {
    case 'no_space':
      return t('noSpace', {
        needed: formatMegabytes(error.details.neededBytes ?? 0, language),
        free: formatMegabytes(error.details.freeBytes ?? 0, language),
      })
    case 'not_entitled':
      return t('notEntitled')
    case 'network':
      return t('offlineWillResume')
    default:
      return t('failed')
  }
}
