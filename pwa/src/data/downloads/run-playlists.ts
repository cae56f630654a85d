/**
 * A download's playlists: the variant playlist pointing into the stored parts by byte range, and a
 * master listing that rendition alone. They are written as soon as every part's files are known (from
 * the answers' headers), while the parts' bytes still arrive, rather than after the last part is stored:
 * nothing plays them before the record says complete, which it says only once the parts are stored too.
 */
import type { HandedPart } from './background-fetch.ts'
import { byteRangePlaylist, type PartFile, type StoredPart } from './parts.ts'

const playlist = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })

export interface PlaylistPlace {
  cache: Cache
  variantText: string
  variantKey: string
  masterKey: string
  masterText: string
}

export function createPlaylistWriter(place: PlaylistPlace, parts: HandedPart[], storedBefore: StoredPart[]) {
  const { cache, variantText } = place
  const write = (text: string) => Promise.all([cache.put(place.variantKey, playlist(text)), cache.put(place.masterKey, playlist(place.masterText))])
  const filesKnown = new Map(storedBefore.map((part) => [part.name, part.files]))
  let written: { text: string; stored: Promise<unknown> } | undefined
  return {
    /** A part's files, known from its answer's headers: the last of them writes the playlists. */
    noteFiles(name: string, files: PartFile[]) {
      filesKnown.set(name, files)
      if (written || filesKnown.size < parts.length) return
      const text = byteRangePlaylist(variantText, parts.map((part) => ({ name: part.name, files: filesKnown.get(part.name)! })))
      written = { text, stored: write(text) }
      written.stored.catch(() => undefined) // awaited by finish()
    },

    /**
     * The playlists as the stored parts lay them out: written already, unless a part came again
     * (handed back from the browser) with other sizes, or every part was stored by an earlier run.
     */
    async finish(stored: StoredPart[]) {
      const finalText = byteRangePlaylist(variantText, stored)
      if (written?.text === finalText) return void (await written.stored)
      await written?.stored.catch(() => undefined)
      await write(finalText)
    },
  }
}
