/**
 * The English of a line whose video has an English track the player has not loaded (it loads a track
 * only once it is shown): read from the video's English transcript, by the transcript's rule (the cues
 * whose middle falls within the line, else the one overlapping it most). Null offline, or without one.
 */
import { call } from '../api-call.ts'

const WAIT_MS = 2000

export async function englishLineFor(videoId: number, start: number, end: number): Promise<string | null> {
  try {
    const answer = await call('videos.transcript', undefined, { params: { id: videoId }, query: { lang: 'en' }, timeoutMs: WAIT_MS })
    const inside = answer.data.filter((cue) => (cue.start + cue.end) / 2 >= start && (cue.start + cue.end) / 2 < end)
    if (inside.length) return inside.map((cue) => cue.text).join(' ')
    let best: string | null = null
    let most = 0
    for (const cue of answer.data) {
      const overlap = Math.min(end, cue.end) - Math.max(start, cue.start)
      if (overlap > most) {
        most = overlap
        best = cue.text
      }
    }
    return best
  } catch {
    return null
  }
}
