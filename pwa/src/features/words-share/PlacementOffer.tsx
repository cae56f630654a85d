/**
 * On the videos page, above the list: a new learner (no word marked yet in this language) is offered
 * the placement, a card she can open or skip ("Skip for now"), never a dialog that opens by itself.
 * Shown only once the catalogue has a video with a transcript she may read (else there is nothing to
 * place against). Skipped, it is offered again from the progress page.
 */
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { skipPlacement, usePlacementSkipped } from '../../data/placement/placement.ts'
import { useNoWordStates } from '../../data/words/index.ts'
import './words-share.css'

// The dialog's code (and the shared Dialog's) is fetched when she opens it, not before the videos page's
// first paint, where only the offer's card shows (issue 48).
const PlacementDialog = lazy(() => import('./PlacementDialog.tsx').then((module) => ({ default: module.PlacementDialog })))

export function PlacementOffer({ code, videos, online }: { code: string; videos: readonly VideoSummary[] | undefined; online: boolean }) {
  const { t } = useTranslation('words-progress')
  const none = useNoWordStates(code)
  const skipped = usePlacementSkipped(code)
  const [open, setOpen] = useState(false)
  const readable = (videos ?? []).some((video) => video.words && video.words.known_share !== null && video.words.total > 0)
  const offered = online && readable && !skipped && none === true
  if (!offered && !open) return null
  // An item of the video grid, after its first card: a beginner's first screen still holds a whole video
  // (issue 32); the grid fills the rest of the first row around it.
  return (
    <li className="video-grid-wide">
      {offered && !open ? (
        <section className="card placement-offer" aria-labelledby="placement-offer-title" data-testid="placement-offer">
          <div>
            <h2 id="placement-offer-title">{t('placement.cardTitle')}</h2>
            <p className="muted">{t('placement.cardBody')}</p>
          </div>
          <div className="placement-offer-actions">
            <button type="button" className="button button-ghost" onClick={() => skipPlacement(code)}>
              {t('placement.skip')}
            </button>
            <button type="button" className="button" onClick={() => setOpen(true)}>
              {t('placement.start')}
            </button>
          </div>
        </section>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <PlacementDialog language={code} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </li>
  )
}
