/**
 * A WebVTT cue's words as plain text: tags and entities gone, lines joined by a space. The server keeps
 * a cue's text this way for its transcript search (sync-server/src/captions/parse-vtt.ts), and the PWA
 * reads a downloaded track the same way for its offline search (pwa/src/features/captions/
 * vtt-text-cues.ts), so a line found offline reads as the one found online.
 *
 * The walk is iterative: 100,000 nested `<c.a>` tags in one cue overflowed the stack of the recursive
 * walk it was (a 500 on upload, issue 45). The server refuses a cue nested deeper than
 * CUE_MAX_TAG_DEPTH, so no stored track holds one; the PWA still reads any file without a throw.
 */
import { tokenizeVTTCue, type VTTCue, type VTTNode } from 'media-captions'

/** The deepest a cue's tags may nest (`<v><c.a><b>…` is 3): far past any real caption's styling. */
export const CUE_MAX_TAG_DEPTH = 32

interface CueReading {
  text: string
  /** How deep the cue's tags nest (0: plain text). */
  depth: number
}

export function readCue(cue: VTTCue): CueReading {
  const parts: string[] = []
  let depth = 0
  // Each entry: a list of sibling nodes, where the walk is in it, and how deep it lies.
  const stack: Array<{ nodes: VTTNode[]; next: number; depth: number }> = [{ nodes: tokenizeVTTCue(cue), next: 0, depth: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.next >= top.nodes.length) {
      stack.pop()
      continue
    }
    const node = top.nodes[top.next++]
    if (node.type === 'text') parts.push(node.data)
    // Ruby text repeats its base's reading; a timestamp holds no words.
    else if (node.type !== 'rt' && 'children' in node) {
      depth = Math.max(depth, top.depth + 1)
      stack.push({ nodes: node.children, next: 0, depth: top.depth + 1 })
    }
  }
  return { text: parts.join('').replace(/\s+/g, ' ').trim(), depth }
}

export function cuePlainText(cue: VTTCue): string {
  return readCue(cue).text
}
