/**
 * The source's audio under the cues: one bar a pixel column for the window in view only (a 30 s window
 * of a 30-minute waveform reads 1,500 of its 90,000 peaks), drawn at the device's pixel ratio. It draws
 * again only when the window, its size or the peaks change, never for the playhead (a DOM line above it).
 */
import { memo, useLayoutEffect, useRef } from 'react'
import { peakColumns, peakHalfHeight } from './timeline-math.ts'

const WAVE_LIGHT = '#5d8f86'
const WAVE_DARK = '#7fb8ad'

interface Props {
  peaks: number[]
  peaksPerSecond: number
  viewStart: number
  viewSeconds: number
  /** CSS pixels. */
  width: number
  height: number
}

export const WaveformCanvas = memo(function WaveformCanvas({ peaks, peaksPerSecond, viewStart, viewSeconds, width, height }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useLayoutEffect(() => {
    const element = canvas.current
    if (!element || width <= 0) return
    const ratio = Math.min(3, window.devicePixelRatio || 1)
    const pixelWidth = Math.round(width * ratio)
    const pixelHeight = Math.round(height * ratio)
    if (element.width !== pixelWidth) element.width = pixelWidth
    if (element.height !== pixelHeight) element.height = pixelHeight
    const context = element.getContext('2d')
    if (!context) return
    context.clearRect(0, 0, pixelWidth, pixelHeight)
    // The theme's colour from the root's data-theme (waveform.css has the same two), not getComputedStyle:
    // reading a computed style forces the whole page's style and layout before the first draw.
    context.fillStyle = document.documentElement.dataset.theme === 'dark' ? WAVE_DARK : WAVE_LIGHT
    const columns = peakColumns(peaks, peaksPerSecond, viewStart, viewSeconds, pixelWidth)
    const middle = pixelHeight / 2
    context.beginPath()
    for (let x = 0; x < columns.length; x++) {
      const half = peakHalfHeight(columns[x]!, pixelHeight)
      if (half > 0) context.rect(x, middle - half, 1, half * 2)
    }
    context.fill()
    // The centre line, so silence still reads as "audio here".
    context.fillRect(0, Math.floor(middle), Math.min(pixelWidth, columns.length), Math.max(1, Math.round(ratio / 2)))
  }, [peaks, peaksPerSecond, viewStart, viewSeconds, width, height])
  return <canvas ref={canvas} className="waveform-canvas" style={{ width: `${width}px`, height: `${height}px` }} data-testid="waveform-canvas" aria-hidden="true" />
})
