/**
 * The demo's picture: each line of the script drawn large and centred on a calm background for as
 * long as it is heard (ffmpeg `drawtext`, a Noto font from Debian's fonts-noto-core, found through
 * fontconfig). Texts go to drawtext through `textfile=` and the graph through a script file, so no
 * Vietnamese text is ever escaped into a filter string.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Cue } from './timeline.ts'

export interface SlidesStyle {
  width: number
  height: number
  /** `0xRRGGBB` colours. */
  background: string
  ink: string
  muted: string
  title: string
  /** A small label in the corner, e.g. the voice's dialect. */
  corner: string
  /** Chinese characters: a line breaks between any two, each about an em wide, in a CJK font. */
  characters?: boolean
}

/** Room for Vietnamese tone marks stacked above and below a line. */
const LINE_SPACING = 1.5

/** Frames per second of the demo: the picture only changes with the lines, so few frames are needed. */
export const DEMO_FPS = 10

const SAFE_PATH = /^[A-Za-z0-9/._+-]+$/

const fontCache = new Map<string, string>()

/** What fontconfig is asked for, per script: Noto Sans for Vietnamese, Noto Sans CJK for Chinese characters. */
const FONTS = {
  latin: { pattern: 'Noto Sans:lang=vi:style=Regular', name: /noto/i, package: 'fonts-noto-core' },
  han: { pattern: 'Noto Sans CJK HK:style=Regular', name: /notosanscjk|notosans.*cjk/i, package: 'fonts-noto-cjk' },
} as const

/** The file of a Noto Sans face with the script's glyphs (Vietnamese marks, or Traditional characters), from fontconfig. */
export function findFont(script: keyof typeof FONTS = 'latin'): string {
  const kept = fontCache.get(script)
  if (kept) return kept
  const wanted = FONTS[script]
  let file = ''
  try {
    file = execFileSync('fc-match', ['--format=%{file}', wanted.pattern], { encoding: 'utf8', timeout: 10_000 }).trim()
  } catch {
    // Reported below with the package to install.
  }
  if (!wanted.name.test(path.basename(file)) || !fs.existsSync(file)) {
    throw new Error(`the demo needs a Noto font (Debian's ${wanted.package}); fontconfig offered "${file}"`)
  }
  fontCache.set(script, file)
  return file
}

/**
 * Splits a sentence into centred lines that fit the frame: the largest size (from about an eighth of
 * the height down, so a single word is big) at which it takes at most four lines and leaves the title
 * and the corner label clear. Widths are estimated from the character count
 * (Noto Sans averages a little over half an em a letter), with a margin for wide words.
 */
export function fitText(text: string, width: number, height: number, options: { characters?: boolean } = {}): { size: number; lines: string[] } {
  // Characters: each is a unit (a punctuation mark stays with the character before it), an em wide.
  const words = options.characters ? characterUnits(text) : text.split(/\s+/).filter(Boolean)
  const joiner = options.characters ? '' : ' '
  const em = options.characters ? 1.02 : 0.56
  const largest = Math.round(height * 0.13)
  const smallest = Math.round(height * 0.06)
  let best: { size: number; lines: string[] } | undefined
  for (let size = largest; size >= smallest; size -= 2) {
    const perLine = Math.floor((width * 0.86) / (size * em))
    const lines = wrap(words, perLine, joiner)
    best = { size, lines }
    // The block keeps clear of the title above and the label below.
    const fitsHeight = lines.length * size * LINE_SPACING <= height * 0.62
    if (lines.length <= 4 && fitsHeight && lines.every((line) => line.length <= perLine)) {
      return { size, lines: balance(words, lines.length, perLine, joiner) }
    }
  }
  return best ?? { size: smallest, lines: [text] }
}

/** A line of characters as units: each character with the punctuation after it. */
function characterUnits(text: string): string[] {
  const units: string[] = []
  for (const char of text.replace(/\s+/gu, '')) {
    if (units.length > 0 && /[\p{P}]/u.test(char) && !/[「『（(]/u.test(char)) units[units.length - 1] += char
    else units.push(char)
  }
  return units
}

/** Greedy wrapping at `perLine` characters (a word longer than that gets a line of its own). */
function wrap(words: string[], perLine: number, joiner = ' '): string[] {
  const lines: string[] = []
  for (const word of words) {
    const last = lines[lines.length - 1]
    if (last !== undefined && (last + joiner + word).length <= perLine) lines[lines.length - 1] = last + joiner + word
    else lines.push(word)
  }
  return lines
}

/** The same number of lines, as even as they go: no single word left alone on the last line. */
function balance(words: string[], count: number, perLine: number, joiner: string): string[] {
  let lines = wrap(words, perLine, joiner)
  for (let limit = perLine - 1; limit > 0; limit--) {
    const tighter = wrap(words, limit, joiner)
    if (tighter.length > count) break
    lines = tighter
  }
  return lines
}

interface Slide {
  start: number
  end: number
  text: string
}

/** One slide per run of cues with the same text (a repeated line stays on screen through its repeats). */
export function slidesOf(cues: Cue[], seconds: number): Slide[] {
  const slides: Slide[] = []
  for (const [index, cue] of cues.entries()) {
    const end = index === cues.length - 1 ? seconds : cue.end
    const last = slides[slides.length - 1]
    if (last && last.text === cue.said) last.end = end
    else slides.push({ start: cue.start, end, text: cue.said })
  }
  return slides
}

function checkedPath(file: string): string {
  if (!SAFE_PATH.test(file)) throw new Error(`unexpected characters in a path given to ffmpeg: ${file}`)
  return file
}

/**
 * Writes the texts and the filter graph into `workDir` and answers ffmpeg's arguments for the clip:
 * background, slides, the title at the top and the corner label, with the speech from `wav`.
 */
export function slideshowArgs(options: { cues: Cue[]; seconds: number; style: SlidesStyle; wav: string; workDir: string; out: string }): string[] {
  const { style, workDir } = options
  const font = checkedPath(findFont(style.characters ? 'han' : 'latin'))
  const { width: w, height: h } = style
  let files = 0
  const textFile = (text: string) => {
    const file = path.join(workDir, `text-${files++}.txt`)
    fs.writeFileSync(file, text.normalize('NFC'))
    return checkedPath(file)
  }
  const draw = (file: string, size: number, colour: string, x: string, y: string, enable?: string) =>
    `drawtext=fontfile=${font}:textfile=${file}:expansion=none:fontsize=${size}:fontcolor=${colour}:x=${x}:y=${y}` +
    (enable ? `:enable='${enable}'` : '')

  const filters = [`color=c=${style.background}:s=${w}x${h}:r=${DEMO_FPS}:d=${options.seconds.toFixed(3)}`, 'format=yuv420p']
  const small = Math.round(h * 0.045)
  filters.push(draw(textFile(style.title), small, style.muted, `${Math.round(w * 0.04)}`, `${Math.round(h * 0.05)}`))
  filters.push(draw(textFile(style.corner), small, style.muted, `w-text_w-${Math.round(w * 0.04)}`, `h-${Math.round(h * 0.05 + small * 1.3)}`))
  for (const slide of slidesOf(options.cues, options.seconds)) {
    const { size, lines } = fitText(slide.text, w, h, { characters: style.characters })
    const lineHeight = Math.round(size * LINE_SPACING)
    // Baselines at fixed heights (y = baseline - ascent), so tone marks above a line never move it.
    const firstBaseline = Math.round(h / 2 - (lines.length * lineHeight) / 2 + size)
    const enable = `gte(t,${slide.start.toFixed(3)})*lt(t,${slide.end.toFixed(3)})`
    lines.forEach((line, index) => {
      filters.push(draw(textFile(line), size, style.ink, '(w-text_w)/2', `${firstBaseline + index * lineHeight}-ascent`, enable))
    })
  }
  const graph = path.join(workDir, 'graph.txt')
  fs.writeFileSync(graph, `${filters.join(',\n')}[v]`)
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-filter_complex_script', checkedPath(graph),
    '-i', `file:${path.resolve(options.wav)}`,
    '-map', '[v]', '-map', '0:a:0',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-crf', '18', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '160k',
    '-movflags', '+faststart', '-f', 'mp4', `file:${path.resolve(options.out)}`,
  ]
}
