/**
 * The studio bench's page (bench/studio.bench.ts builds it with Vite and the real server serves it): the
 * two studio panels as the studio embeds them, with generated data: 600 cues over 30 minutes held by a
 * parent that, like the studio, makes a new list of 600 on every change; the waveform's 90,000 peaks
 * fetched when the bench asks (`window.__studio.loadPeaks`), timed from the moment the answer's body has
 * arrived to the first frame painted after the draw; its floor the same answer parsed and an empty
 * canvas of the same size drawn and painted. The glossary panel reads the real server's suggestions.
 *
 * With `?studio=ID` the page is the studio itself instead: its screen (StudioScreen, as the studio's
 * page mounts it) on a draft of 600 timed cues kept in this browser's IndexedDB, over the server's
 * waveform of submission ID, so typing in a cue, dragging an edge and nudging one run through the
 * studio's own editor, rows, rules and writes to the device.
 */
import { Suspense, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { i18nReady } from '../../pwa/src/i18n/i18n.ts'
import { GlossaryPanel } from '../../pwa/src/features/studio-glossary/GlossaryPanel.tsx'
import { WaveformTimeline } from '../../pwa/src/features/studio-waveform/WaveformTimeline.tsx'
import { startDraft, useStudioDraft, type StudioCue } from '../../pwa/src/data/studio/index.ts'
import { StudioScreen } from '../../pwa/src/features/studio/StudioScreen.tsx'
import '../../pwa/src/styles/base.css'
import '../../pwa/src/styles/dark.css'
import '../../pwa/src/features/studio/studio.css'

const query = new URLSearchParams(location.search)
const DURATION = 1800
const CUES = 600

function generatedCues() {
  // 600 lines of 1.2–2.9 s, one every 3 s, as a 30-minute talk timed in the studio would be.
  return Array.from({ length: CUES }, (_, index) => ({ id: `cue-${index + 1}`, start: index * 3, end: index * 3 + 1.2 + ((index * 7) % 18) / 10 }))
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** How many pixels of the canvas's middle row are inked: the waveform really drew. */
function inked(canvas: HTMLCanvasElement): number {
  const row = canvas.getContext('2d')!.getImageData(0, Math.floor(canvas.height / 4), canvas.width, 1).data
  let count = 0
  for (let index = 3; index < row.length; index += 4) if (row[index]! > 0) count++
  return count
}

let setPeaksOf: (peaks: number[]) => void = () => undefined

async function fetchPeaksText(): Promise<string> {
  const response = await fetch('/bench-peaks.json', { cache: 'no-store' })
  return response.text()
}

const bench = {
  async loadPeaks(): Promise<{ ms: number; inkedPixels: number; peaks: number }> {
    const text = await fetchPeaksText()
    const arrived = performance.now()
    const { data } = JSON.parse(text) as { data: { peaks: number[] } }
    flushSync(() => setPeaksOf(data.peaks))
    await nextPaint()
    const ms = performance.now() - arrived
    return { ms, inkedPixels: inked(document.querySelector<HTMLCanvasElement>('[data-testid="waveform-canvas"]')!), peaks: data.peaks.length }
  },
  async floor(): Promise<{ ms: number }> {
    const like = document.querySelector<HTMLCanvasElement>('[data-testid="waveform-canvas"]')!
    const text = await fetchPeaksText()
    const arrived = performance.now()
    JSON.parse(text)
    const canvas = document.createElement('canvas')
    canvas.width = like.width
    canvas.height = like.height
    canvas.style.cssText = `position:fixed;left:0;bottom:0;width:${like.style.width};height:${like.style.height}`
    document.body.append(canvas)
    const context = canvas.getContext('2d')!
    context.clearRect(0, 0, canvas.width, canvas.height)
    context.fillRect(0, Math.floor(canvas.height / 2), canvas.width, 1)
    await nextPaint()
    const ms = performance.now() - arrived
    canvas.remove()
    return { ms }
  },
  clearPeaks() {
    flushSync(() => setPeaksOf([]))
  },
}
;(window as unknown as { __studio: typeof bench }).__studio = bench

function StudioBench() {
  const [peaks, setPeaks] = useState<number[]>([])
  useEffect(() => {
    setPeaksOf = setPeaks
  }, [])
  const [cues, setCues] = useState(generatedCues)
  const [currentTime, setCurrentTime] = useState(Number(query.get('t') ?? 61))
  const [selectedId, setSelectedId] = useState<string | null>('cue-22')
  const submission = query.get('submission')
  return (
    <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1rem', display: 'grid', gap: '1rem' }}>
      <h1 style={{ margin: 0, fontSize: '1.3rem' }}>Studio bench</h1>
      <WaveformTimeline
        peaks={peaks}
        peaksPerSecond={50}
        durationSeconds={DURATION}
        cues={cues}
        currentTime={currentTime}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onChangeTimes={(id, start, end) => setCues((all) => all.map((cue) => (cue.id === id ? { ...cue, start, end } : cue)))}
        onSeek={setCurrentTime}
      />
      <p data-testid="bench-state" style={{ margin: 0 }}>
        {selectedId} {cues.find((cue) => cue.id === selectedId)?.start.toFixed(2)}–{cues.find((cue) => cue.id === selectedId)?.end.toFixed(2)} · {currentTime.toFixed(1)} s
      </p>
      {submission && <GlossaryPanel submissionId={submission} language="vi" />}
    </main>
  )
}

const LINES = ['Xin chào các bạn, hôm nay mình đi chợ.', 'Ở đây có bán phở, bún chả và bánh mì.', 'Mình thích ăn bánh mì với cà phê sữa đá.', 'Hẹn gặp lại các bạn lần sau nhé!']

/** The 600 cues as the studio's draft holds them: the timeline's times, a Vietnamese and an English line each. */
function draftCues(): StudioCue[] {
  return generatedCues().map((cue, index) => ({ ...cue, text: LINES[index % LINES.length]!, english: `Line ${index + 1}` }))
}

function RealStudio({ submissionId }: { submissionId: number }) {
  const draft = useStudioDraft(submissionId)
  return <main style={{ maxWidth: '90rem', margin: '0 auto', padding: '1rem' }}>{draft ? <StudioScreen draft={draft} submission={null} /> : null}</main>
}

async function mount() {
  await i18nReady
  const studio = Number(query.get('studio'))
  if (studio) await startDraft({ submissionId: studio, language: 'vi', cues: draftCues(), etags: { main: null, en: null }, unsaved: false, updatedAt: Date.now(), savedAt: null })
  createRoot(document.getElementById('root')!).render(<Suspense fallback={null}>{studio ? <RealStudio submissionId={studio} /> : <StudioBench />}</Suspense>)
}

void mount()
