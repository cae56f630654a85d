/**
 * Review of saved lines in one language (/languages/:code/review): one card at a time, listening
 * first (features/cards/). The server's view is pulled once the device's first card is on screen (the
 * device's cards stand offline; with 10,000 cards, the pull's fetches and writes used to come first); "Export to Anki (.apkg)" downloads the language's cards as an Anki package.
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { pullCards } from '../data/cards/cards-pull.ts'
import { ReviewSession, type PullShown } from '../features/cards/ReviewSession.tsx'
import '../features/cards/review.css'

/** The due list is read as of a moment, moved on this often (a card graded Again comes back in a minute). */
const NOW_STEP_MS = 30_000

export default function ReviewPage() {
  const { t } = useTranslation('review')
  const { code = '' } = useParams()
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_STEP_MS)
    return () => clearInterval(timer)
  }, [])
  // The language whose device cards are painted: its pull may start.
  const [shownFor, setShownFor] = useState<string | null>(null)
  const onShown = useCallback(() => setShownFor(code), [code])
  const shown = shownFor === code
  // Where the language's pull stands (another language's says nothing of this one's).
  const [pulled, setPulled] = useState<{ language: string } & PullShown>({ language: '', settled: false, firstPages: null })
  const pull: PullShown = pulled.language === code ? pulled : { settled: false, firstPages: null }
  useEffect(() => {
    if (!shown) return
    let current = true
    const settle = () => {
      if (current) setPulled({ language: code, settled: true, firstPages: null })
    }
    void pullCards(code, (progress) => {
      // A first visit: each page written shows (the first card after the first page), the rest still loading.
      if (current && progress.first) setPulled({ language: code, settled: false, firstPages: progress.more ? progress.pages : null })
    }).then(
      () => {
        setNow(Date.now())
        settle()
      },
      // Offline, or the server not answering: the cards on the device are reviewed as they are.
      settle,
    )
    return () => {
      current = false
    }
  }, [code, shown])

  return (
    <PageFrame title={t('title')}>
      <ReviewSession language={code} now={now} onNow={setNow} onShown={onShown} pull={pull} />
    </PageFrame>
  )
}
