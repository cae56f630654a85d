/**
 * Reads the build's source maps (a build with `--sourcemap`), to name the source module and function a
 * minified position of dist/pwa/assets belongs to. A few lines of Base64 VLQ decoding, so the benchmarks
 * need no source-map package of their own.
 */
import fs from 'node:fs'
import path from 'node:path'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** One segment of a generated line: [generated column, source index, source line, source column, name index?]. */
type Segment = [number, number, number, number, number?]

interface ParsedMap {
  sources: string[]
  names: string[]
  lines: Segment[][]
}

function decodeVlq(text: string, at: { i: number }): number {
  let result = 0
  let shift = 0
  for (;;) {
    const digit = BASE64.indexOf(text[at.i++]!)
    result += (digit & 31) << shift
    shift += 5
    if ((digit & 32) === 0) break
  }
  return result & 1 ? -(result >>> 1) : result >>> 1
}

function parse(map: { sources: string[]; names?: string[]; mappings: string }): ParsedMap {
  const lines: Segment[][] = []
  let source = 0
  let sourceLine = 0
  let sourceColumn = 0
  let name = 0
  for (const line of map.mappings.split(';')) {
    const segments: Segment[] = []
    let column = 0
    for (const text of line.split(',')) {
      if (!text) continue
      const at = { i: 0 }
      const fields: number[] = []
      while (at.i < text.length) fields.push(decodeVlq(text, at))
      column += fields[0]!
      if (fields.length < 4) continue
      source += fields[1]!
      sourceLine += fields[2]!
      sourceColumn += fields[3]!
      if (fields.length > 4) name += fields[4]!
      segments.push(fields.length > 4 ? [column, source, sourceLine, sourceColumn, name] : [column, source, sourceLine, sourceColumn])
    }
    lines.push(segments)
  }
  return { sources: map.sources, names: map.names ?? [], lines }
}

export interface SourcePosition {
  /** The source file, relative to the repository (`pwa/src/…`, `node_modules/react-dom/…`). */
  source: string
  line: number
  name: string | null
}

/** Maps positions in the built assets of `dist` back to their sources, where a `.map` sits beside the file. */
export function sourceMapper(dist: string): (urlPath: string, line: number, column: number) => SourcePosition | null {
  const maps = new Map<string, ParsedMap | null>()
  const load = (urlPath: string): ParsedMap | null => {
    if (maps.has(urlPath)) return maps.get(urlPath)!
    const file = path.join(dist, urlPath) + '.map'
    const parsed = fs.existsSync(file) ? parse(JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[]; mappings: string }) : null
    maps.set(urlPath, parsed)
    return parsed
  }
  return (urlPath, line, column) => {
    const map = load(urlPath)
    const segments = map?.lines[line]
    if (!map || !segments || segments.length === 0) return null
    // The last segment at or before the column.
    let low = 0
    let high = segments.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (segments[mid]![0] <= column) low = mid
      else high = mid - 1
    }
    const segment = segments[low]!
    const source = map.sources[segment[1]] ?? '?'
    const relative = source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/')
    return { source: relative, line: segment[2] + 1, name: segment[4] === undefined ? null : (map.names[segment[4]] ?? null) }
  }
}
