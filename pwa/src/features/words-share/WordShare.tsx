/**
 * "You know 87% of the words · 12 new" on a card and the video page (issue 42 item 5). The videos page
 * draws 24 of them in its first render, where they cost more than their markup (issue 42's first-render
 * goal, `npm run bench -- known-share-page`): so a share takes the caller's `t` rather than its own
 * useTranslation (each hook builds its options, snapshot and i18n wrapper and subscribes), and its
 * strings are kept by language and value, i18next's lookup made once for the cards that share them
 * (a list's shares cluster: one percent on many cards).
 */
import type { TFunction } from 'i18next'
import type { ShareView } from './use-list-shares.ts'
import './words-share.css'

const ns = 'words-progress'
const KEPT_STRINGS = 600
const kept = new Map<string, string>()

/** t(key, values) as i18next answers it, kept by the t's language (a `t` without one is asked each time). */
function translated(t: TFunction, key: 'share.label' | 'share.allKnown' | 'share.known' | 'share.new', values: { percent?: number; count?: number }): string {
  const language = (t as { lng?: unknown }).lng
  if (typeof language !== 'string') return t(key, { ns, ...values })
  const id = `${language}|${key}|${values.percent ?? ''}|${values.count ?? ''}`
  let text = kept.get(id)
  if (text === undefined) {
    if (kept.size >= KEPT_STRINGS) kept.clear()
    text = t(key, { ns, ...values })
    // Not kept while the namespace has not arrived (i18next answers the key itself).
    if (text !== key) kept.set(id, text)
  }
  return text
}

export function WordShare({ t, percent, newCount, className }: ShareView & { t: TFunction; className?: string }) {
  const all = percent === 100
  return (
    <span className={className ? `word-share ${className}` : 'word-share'} data-testid="word-share" data-percent={percent}>
      <span className="word-share-meter" aria-hidden="true">
        <span className="word-share-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="visually-hidden">{translated(t, 'share.label', { percent, count: newCount })}</span>
      <span aria-hidden="true">
        {all ? translated(t, 'share.allKnown', {}) : translated(t, 'share.known', { percent })}
        {newCount > 0 ? <span className="word-share-new">{` · ${translated(t, 'share.new', { count: newCount })}`}</span> : null}
      </span>
    </span>
  )
}
