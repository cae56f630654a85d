/**
 * What is read from variant playlists (the whole text, the preview cut, the file list of parts): small
 * and asked for often, so kept per playlist file and mtime, so a re-transcode is seen. In a bucket a
 * key's files never change (a new ladder gets a new media key), so what was read once is kept without a look.
 */
import fs from 'node:fs'
import type { MediaStore } from '../storage/media-store.ts'
import { cutPlaylistAt } from './preview-playlist.ts'
import { variantFiles } from './variant-parts.ts'

export function createPlaylistReads(store: MediaStore) {
  const derived = new Map<string, { mtimeMs: number; value: unknown }>()

  async function fromPlaylist<T>(playlistFile: string, kind: string, derive: (text: string) => T): Promise<T> {
    const key = `${playlistFile}:${kind}`
    const cached = derived.get(key)
    if (!store.localPath) {
      if (cached) return cached.value as T
      const text = await store.readText(playlistFile)
      if (text === undefined) throw new Error('no such playlist')
      const value = derive(text)
      if (derived.size > 2000) derived.clear()
      derived.set(key, { mtimeMs: 0, value })
      return value
    }
    const stat = await fs.promises.stat(playlistFile)
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.value as T
    const value = derive(await fs.promises.readFile(playlistFile, 'utf8'))
    if (derived.size > 2000) derived.clear()
    derived.set(key, { mtimeMs: stat.mtimeMs, value })
    return value
  }

  return {
    playlistText: (playlistFile: string) => fromPlaylist(playlistFile, 'text', (text) => text),
    previewCut: (playlistFile: string, previewSeconds: number) =>
      fromPlaylist(playlistFile, `cut:${previewSeconds}`, (text) => cutPlaylistAt(text, previewSeconds)),
    /** The files of a variant in part order. */
    variantIndex: (playlistFile: string) => fromPlaylist(playlistFile, 'files', variantFiles),
  }
}
