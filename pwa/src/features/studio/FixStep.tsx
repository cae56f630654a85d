/**
 * Fix: the timeline over the waveform (studio-panels' WaveformTimeline, in its slot), the list of cues
 * with their warnings, and the keys: ↑/↓ choose a cue, [ and ] move its start by 0.1 s, { and } its
 * end, P plays it alone, L loops it. Split and join beside each cue; its times typed too.
 *
 * Only the rows near the viewport are rendered (use-row-window.ts); the chosen cue's row and the one
 * playing stay mounted, so ↑/↓ can move the focus to the next row and scroll it into view, and the list
 * follows the video while it plays. The find box (FindBar.tsx) searches all the lines, drawn or not,
 * and its current match's row is kept mounted and scrolled to.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { joinWithNext, nudge, removeCue, setEdges, splitCue, editCue, NUDGE_SECONDS, isTimed, type StudioCue } from './cue-ops.ts'
import type { CueWarning, RuleSettings } from './cue-rules.ts'
import type { StudioEditor } from './use-studio-editor.ts'
import { createCuePlayer, type CuePlayer } from './cue-player.ts'
import { inTextField } from './keys.ts'
import { useRowWindow } from './use-row-window.ts'
import { CueRow, type CueActions } from './CueRow.tsx'
import { RuleSettingsPanel } from './RuleSettingsPanel.tsx'
import { TimelineSlot } from './TimelineSlot.tsx'
import { FindBar } from './FindBar.tsx'
import { useStudioFind } from './use-studio-find.ts'
import type { FindField } from './find-matches.ts'
import { focusMatch } from './focus-match.ts'

interface Props {
  editor: StudioEditor
  videoRef: RefObject<HTMLVideoElement | null>
  time: number
  seek: (seconds: number) => void
  warnings: Map<string, CueWarning[]>
  settings: RuleSettings
  onSettings: (settings: RuleSettings) => void
  selectedId: string | null
  onSelect: (id: string | null) => void
  language: string
  submissionId: number
}

/** The Fix step's find box searches the lines (their English has a step of its own). */
const FIND_FIELDS: readonly FindField[] = ['text']

const KEY_NUDGES: Record<string, ['start' | 'end', number]> = {
  '[': ['start', -NUDGE_SECONDS],
  ']': ['start', NUDGE_SECONDS],
  '{': ['end', -NUDGE_SECONDS],
  '}': ['end', NUDGE_SECONDS],
}

export function FixStep({ editor, videoRef, time, seek, warnings, settings, onSettings, selectedId, onSelect, language, submissionId }: Props) {
  const { t } = useTranslation('studio')
  const { cues, change, latest } = editor
  const player = useRef<CuePlayer | null>(null)
  const [looping, setLooping] = useState(false)
  const selected = cues.find((cue) => cue.id === selectedId) ?? null
  const playingId = cues.find((cue) => isTimed(cue) && cue.start <= time && time < cue.end)?.id ?? null
  const ids = useMemo(() => cues.map((cue) => cue.id), [cues])
  const list = useRef<HTMLOListElement | null>(null)
  /** The row ↑/↓ chose: focused (and so scrolled into view) once rendered. */
  const focusNext = useRef<string | null>(null)
  const rowOf = useCallback((id: string) => list.current?.querySelector<HTMLElement>(`:scope > [data-cue-id="${CSS.escape(id)}"]`) ?? null, [])
  const reveal = useCallback((id: string) => rowOf(id)?.scrollIntoView({ block: 'nearest' }), [rowOf])
  const find = useStudioFind(editor, FIND_FIELDS, reveal)
  const findCueId = find.match?.cueId ?? null
  const { listRef: windowRef, items } = useRowWindow(ids, [selectedId, playingId, findCueId])
  const listRef = useCallback((element: HTMLOListElement | null) => {
    list.current = element
    windowRef(element)
  }, [windowRef])
  const fixRef = useRef<HTMLDivElement | null>(null)
  const onFindClosed = () => focusMatch(find.match, rowOf, fixRef.current)

  useEffect(() => {
    const id = focusNext.current
    const row = id === null ? null : rowOf(id)
    if (!row) return
    focusNext.current = null
    row.scrollIntoView({ block: 'nearest' })
    row.focus({ preventScroll: true })
  })

  // While the video plays, the cue it is on comes into view; not while a line is being typed in.
  useEffect(() => {
    const video = videoRef.current
    if (!playingId || !video || video.paused || inTextField(document.activeElement)) return
    rowOf(playingId)?.scrollIntoView({ block: 'nearest' })
  }, [playingId, videoRef, rowOf])

  const playCue = useCallback(
    (cue: StudioCue, loop: boolean) => {
      const video = videoRef.current
      if (!video || !isTimed(cue)) return
      player.current ??= createCuePlayer()
      player.current.play(video, cue.start, cue.end, loop)
    },
    [videoRef],
  )

  useEffect(() => () => player.current?.stop(), [])

  const edit = useCallback((id: string, field: 'text' | 'english', value: string) => change(editCue(latest(), id, { [field]: value }), 'after a pause'), [change, latest])
  const setTimes = useCallback((id: string, start: number, end: number) => change(setEdges(latest(), id, start, end), 'at once'), [change, latest])
  const nudgeCue = useCallback((id: string, edge: 'start' | 'end', delta: number) => change(nudge(latest(), id, edge, delta), 'at once'), [change, latest])
  const split = useCallback((id: string) => change(splitCue(latest(), id), 'at once'), [change, latest])
  const join = useCallback((id: string) => change(joinWithNext(latest(), id), 'at once'), [change, latest])
  const remove = useCallback((id: string) => change(removeCue(latest(), id), 'at once'), [change, latest])
  const play = useCallback((cue: StudioCue) => playCue(cue, false), [playCue])
  const actions: CueActions = useMemo(() => ({ select: onSelect, edit, setTimes, nudge: nudgeCue, split, join, remove, play }), [onSelect, edit, setTimes, nudgeCue, split, join, remove, play])

  function toggleLoop() {
    const next = !looping
    setLooping(next)
    if (next && selected) playCue(selected, true)
    else player.current?.setLoop(next)
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // A key the timeline's edge slider already answered (an arrow nudges it) is not also the list's.
      if (event.defaultPrevented || inTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return
      const current = latest()
      const index = current.findIndex((cue) => cue.id === selectedId)
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const next = current[Math.max(0, Math.min(current.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))]
        if (next) {
          event.preventDefault()
          focusNext.current = next.id
          onSelect(next.id)
          if (next.start !== null) seek(next.start)
        }
        return
      }
      const cue = current[index]
      if (!cue) return
      const nudgeKey = KEY_NUDGES[event.key]
      if (nudgeKey) {
        event.preventDefault()
        change(nudge(current, cue.id, nudgeKey[0], nudgeKey[1]), 'at once')
      } else if (event.key === 'p' || event.key === 'P') {
        event.preventDefault()
        playCue(cue, looping)
      } else if (event.key === 'l' || event.key === 'L') {
        event.preventDefault()
        toggleLoop()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const warned = cues.filter((cue) => warnings.has(cue.id)).length
  return (
    <div className="studio-fix" ref={fixRef}>
      <h2 className="studio-heading">{t('fix.heading')}</h2>
      <TimelineSlot submissionId={submissionId} cues={cues} time={time} videoRef={videoRef} selectedId={selectedId} onSelect={onSelect} onChangeTimes={setTimes} onSeek={seek} />
      <div className="studio-actions">
        <span className="muted" data-testid="fix-warned">
          {t('fix.warned', { count: warned })}
        </span>
        <button type="button" className="button button-secondary button-small" onClick={toggleLoop} aria-pressed={looping} disabled={!selected}>
          {t('fix.loop')}
        </button>
        <RuleSettingsPanel settings={settings} onChange={onSettings} />
      </div>
      <FindBar find={find} onUndo={editor.undo} canUndo={editor.undoable > 0} onClosed={onFindClosed} />
      <ol className="studio-cues" aria-label={t('fix.listLabel')} ref={listRef} data-testid="studio-cues" data-count={cues.length}>
        {items.map((item) => {
          if (item.kind === 'gap') return <li key={item.key} className="studio-cues-gap" style={{ height: item.height }} aria-hidden="true" />
          const { index } = item
          const cue = cues[index]
          return <CueRow key={cue.id} cue={cue} index={index} count={cues.length} selected={cue.id === selectedId} playing={cue.id === playingId} findCurrent={cue.id === findCueId} warnings={warnings.get(cue.id)} actions={actions} language={language} />
        })}
      </ol>
    </div>
  )
}
