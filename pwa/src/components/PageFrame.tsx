/** Every page's frame: its document title, one h1, and the main landmark that the skip link targets. */
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export function usePageTitle(title: string) {
  const { t } = useTranslation('common')
  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName')
    // The page is live (hydrated or rendered): on a prerendered page, its buttons now respond.
    document.documentElement.dataset.ready = 'true'
    // entry.ts replays what the visitor did on the prerendered page before the app was live.
    document.dispatchEvent(new Event('dehieu:ready'))
  }, [title, t])
}

export function PageFrame({ title, children, wide }: { title: string; children?: ReactNode; wide?: boolean }) {
  usePageTitle(title)
  return (
    <main id="main" className={wide ? 'page page-wide' : 'page'} tabIndex={-1}>
      <h1 className="page-title">{title}</h1>
      {children}
    </main>
  )
}
