/**
 * A processed video's waveform (issue 44): processing deletes the uploaded source once the ladder is
 * made, so the peaks are read from the ladder's own audio: the audio-only rendition (`a48k`), or the
 * lightest rendition's audio for a ladder made before it (as media/card-clip.ts chooses). Its init file
 * and every segment are joined into one fragmented MP4 in a temp folder and decoded by
 * media/waveform.ts; the peaks are kept beside the ladder (`media/<key>/waveform.json`), so they go
 * wherever the ladder goes: removed with the submission, on account deletion and by the orphan sweep.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { mediaObjectKey, type MediaStore } from '../storage/media-store.ts'
import { readMediaPlaylist, sourceVariant } from './card-clip.ts'
import { computeWaveform, type ComputedWaveform } from './waveform.ts'

/** Where a ladder's peaks are kept, and where a waveform that could not be made says so. */
export const waveformObjectKey = (mediaKey: string) => mediaObjectKey(mediaKey, 'waveform.json')
export const waveformFailedKey = (mediaKey: string) => mediaObjectKey(mediaKey, 'waveform-failed.txt')

/** The peaks of the ladder under `mediaKey`; throws when the ladder or its audio is missing. */
export async function ladderWaveform(options: { store: MediaStore; mediaKey: string; signal?: AbortSignal }): Promise<ComputedWaveform> {
  const { store, mediaKey } = options
  const master = await store.readText(mediaObjectKey(mediaKey, 'master.m3u8'))
  if (master === undefined) throw new Error(`no ladder under ${mediaKey}`)
  const variant = sourceVariant(master)
  if (!variant) throw new Error(`the ladder ${mediaKey} has no rendition to read`)
  const folder = variant.slice(0, variant.lastIndexOf('/'))
  const playlist = await store.readText(mediaObjectKey(mediaKey, variant))
  if (playlist === undefined) throw new Error(`no playlist ${variant} under ${mediaKey}`)
  const { init, segments } = readMediaPlaylist(playlist)
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ladder-waveform-'))
  try {
    const joined = path.join(dir, 'joined.mp4')
    await fs.writeFile(joined, '')
    const parts = [...(init ? [init] : []), ...segments.map((segment) => segment.uri)]
    for (const [index, uri] of parts.entries()) {
      options.signal?.throwIfAborted()
      const part = path.join(dir, `part-${index}`)
      if (!(await store.download(mediaObjectKey(mediaKey, `${folder}/${uri}`), part))) throw new Error(`missing ${folder}/${uri} under ${mediaKey}`)
      await fs.appendFile(joined, await fs.readFile(part))
      await fs.rm(part)
    }
    return await computeWaveform(`file:${joined}`, { timeoutMs: 10 * 60_000, signal: options.signal })
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
