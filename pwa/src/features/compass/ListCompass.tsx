/**
 * Above the videos list: the rating question of a video left after half was watched, "Continue
 * watching" (started, unfinished; opening one resumes where it stopped: the video page resumes from
 * the last position) and "Next for you" (next-for-you.ts). All from what Dexie holds, so they hold
 * offline, where only what can play (downloaded videos) is offered.
 */
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CachedVideo } from '../../data/catalogue/catalogue.ts'
import { useRecentlyWatched } from '../../data/progress/progress-store.ts'
import { formatDuration } from '../../components/format-duration.ts'
import { continueWatching } from '../../data/compass/difficulty.ts'
import { useNextForYou } from '../../data/compass/next-for-you.ts'
import { useDueRatingPrompt } from '../../data/compass/ratings.ts'
import { RatingPrompt } from './RatingPrompt.tsx'
import { VideoRow } from './VideoRow.tsx'
import './compass.css'

export function ListCompass({
  code,
  videos,
  myRatings,
  downloaded,
  online,
  searching = false,
  showNext = true,
}: {
  code: string
  videos: readonly CachedVideo[]
  myRatings: ReadonlyMap<number, number>
  downloaded: ReadonlySet<number>
  online: boolean
  /** A search is under way: its results come first, without the rows above them (the rating question stays). */
  searching?: boolean
  /** "Next for you": left out while the list itself is in the For you order, which it would repeat. */
  showNext?: boolean
}) {
  const { t } = useTranslation('compass')
  // The progress page's copy gives the order in which videos were last watched.
  const recent = useRecentlyWatched(code)
  const playable = useMemo(() => videos.filter((video) => online || downloaded.has(video.id)), [videos, online, downloaded])
  const resume = useMemo(() => continueWatching(playable, recent ?? []), [playable, recent])
  const next = useNextForYou(code, playable, myRatings, online, showNext && !searching)
  const rated = useMemo(() => new Set(myRatings.keys()), [myRatings])
  const due = useDueRatingPrompt(rated)
  // Once shown, the prompt stays until skipped or the page is left (it is marked asked at once).
  const [asking, setAsking] = useState<{ videoId: number; title: string } | null>(null)
  const [closed, setClosed] = useState<number | null>(null)
  const shown = asking ?? (due && due.videoId !== closed ? due : null)
  if (shown && asking?.videoId !== shown.videoId) setAsking(shown)

  return (
    <div className="list-compass">
      {shown ? (
        <RatingPrompt
          key={shown.videoId}
          videoId={shown.videoId}
          title={shown.title}
          current={myRatings.get(shown.videoId) ?? null}
          withTitle
          onClose={() => {
            setClosed(shown.videoId)
            setAsking(null)
          }}
        />
      ) : null}
      {searching ? null : (
        <>
          <VideoRow
            title={t('list.continueTitle')}
            code={code}
            videos={resume}
            testId="continue-watching"
            detail={(video) => t('list.resumeAt', { time: formatDuration(video.progress?.last_position_seconds ?? 0) })}
          />
          {showNext ? (
          <VideoRow
            title={t('list.nextTitle')}
            hint={t('list.nextHint')}
            code={code}
            videos={next}
            testId="next-for-you"
            detail={(video) => (typeof video.difficulty === 'number' ? t('list.score', { score: video.difficulty }) : null)}
          />
          ) : null}
        </>
      )}
    </div>
  )
}
