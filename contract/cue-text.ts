/**
 * A WebVTT cue's words as plain text: tags and entities gone, lines joined by a space. The server keeps
 * a cue's text this way for its transcript search (sync-server/src/captions/parse-vtt.ts), and the PWA
 * reads a downloaded track the same way for its offline search (pwa/src/features/captions/
 * vtt-text-cues.ts), so a line found offline reads as the one found online.
 */
import { tokenizeVTTCue, type VTTCue, type VTTNode } from 'media-captions'

export function cuePlainText(cue: VTTCue): string {
  const parts: string[] = []
  const walk = (nodes: VTTNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data)
      // Ruby text repeats its base's reading; a timestamp holds no words.
      else if (node.type !== 'rt' && 'children' in node) walk(node.children)
    }
  }
  walk(tokenizeVTTCue(cue))
  return parts.join('').replace(/\s+/g, ' ').trim()
}
