/**
 * Cutting an HLS media playlist at the preview limit. A learner without the plan for a `preview` video
 * receives a playlist that ends (#EXT-X-ENDLIST) with the segment that crosses PREVIEW_SECONDS, and the
 * media server refuses every segment after it, so the limit holds even for a client that ignores the
 * playlist.
 */
export interface CutPlaylist {
  text: string
  /** Segment URIs (as written in the playlist) that the preview may fetch. */
  allowed: Set<string>
}

export function cutPlaylistAt(playlist: string, previewSeconds: number): CutPlaylist {
  const lines = playlist.split(/\r?\n/)
  const out: string[] = []
  const allowed = new Set<string>()
  let elapsed = 0
  let pendingDuration: number | undefined
  let pending: string[] = []
  for (const line of lines) {
    if (line.startsWith('#EXT-X-ENDLIST') || line.trim() === '') continue
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length))
      pending.push(line)
      continue
    }
    if (line.startsWith('#')) {
      if (pendingDuration === undefined) out.push(line)
      else pending.push(line)
      continue
    }
    // A URI line closes one segment.
    if (pendingDuration === undefined) {
      out.push(line)
      continue
    }
    if (elapsed >= previewSeconds) break
    out.push(...pending, line)
    allowed.add(line.trim())
    elapsed += Number.isFinite(pendingDuration) ? pendingDuration : 0
    pendingDuration = undefined
    pending = []
  }
  out.push('#EXT-X-ENDLIST', '')
  return { text: out.join('\n'), allowed }
}

/** Every segment URI a media playlist lists, in order. */
export function segmentUris(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.trim())
}
