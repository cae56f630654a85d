/**
 * A saved line's clip (issue 43): the line with CARD_CLIP_PAD_SECONDS either side, cut once from the
 * video's audio-only rendition (`a48k`), or from the lightest rendition's audio for a ladder made before
 * it, as AAC in MP4 at 48 kb/s mono (about 6 KB a second). Only the segments the line spans are read:
 * the rendition's init file and those segments, joined into one fragmented MP4 in a temp folder, then
 * cut by ffmpeg from the time the joined file starts at (ffprobe says, from the fragments' own times).
 *
 * A clip is named by the ladder and the span (`clips/<media_key>/<from_ms>-<to_ms>.m4a`): the same bytes
 * for every learner who saves that line, never changed (a new ladder has a new key), so the service
 * worker and a cache keep it for good; a clip already stored is not cut again.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CARD_CLIP_PAD_SECONDS } from '../../../contract/vocabulary.ts'
import { checkKey, IMMUTABLE_CACHE, mediaObjectKey, type MediaStore } from '../storage/media-store.ts'
import { audioRenditionOf } from './audio-rendition.ts'
import { FfmpegError, runFfmpeg } from './ffmpeg.ts'

const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe'
export const CLIP_BITRATE_K = 48
export const CLIP_CONTENT_TYPE = 'audio/mp4'

/** Where a line's clip is kept. */
export function clipObjectKey(mediaKey: string, start: number, end: number): string {
  const { from, to } = clipSpan(start, end)
  return checkKey(`clips/${mediaKey}/${Math.round(from * 1000)}-${Math.round(to * 1000)}.m4a`)
}

/** The line with its padding, never before the video's start. */
export function clipSpan(start: number, end: number): { from: number; to: number } {
  return { from: Math.max(0, start - CARD_CLIP_PAD_SECONDS), to: end + CARD_CLIP_PAD_SECONDS }
}

interface Segment {
  uri: string
  start: number
  end: number
}

/** A media playlist's init file and segments with their times (EXTINF summed). */
export function readMediaPlaylist(text: string): { init: string | null; segments: Segment[] } {
  let init: string | null = null
  let at = 0
  let duration: number | null = null
  const segments: Segment[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line)
    if (map) init = map[1]!
    const inf = /^#EXTINF:([0-9.]+)/.exec(line)
    if (inf) duration = Number(inf[1])
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, start: at, end: at + duration })
      at += duration
      duration = null
    }
  }
  return { init, segments }
}

/** The rendition a clip is cut from: the audio-only one, else the variant with the lowest bandwidth. */
export function sourceVariant(master: string): string | null {
  const audio = audioRenditionOf(master)
  if (audio) return audio.uri
  const lines = master.split(/\r?\n/).map((line) => line.trim())
  let best: { uri: string; bandwidth: number } | null = null
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return
    const bandwidth = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity)
    const uri = lines.slice(i + 1).find((next) => next !== '' && !next.startsWith('#'))
    if (uri && /^[A-Za-z0-9_-]+\/index\.m3u8$/.test(uri) && (!best || bandwidth < best.bandwidth)) best = { uri, bandwidth }
  })
  return (best as { uri: string } | null)?.uri ?? null
}

function startTimeOf(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      FFPROBE,
      ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'default=nw=1:nk=1', `file:${file}`],
      { timeout: 30_000 },
      (error, stdout) => (error ? reject(new FfmpegError(`ffprobe failed: ${error.message}`)) : resolve(Number(stdout.trim()) || 0)),
    )
  })
}

/**
 * Cuts the clip of a line of the ladder under `mediaKey` into the store (unless it is there already)
 * and answers its key. Throws when the ladder has no audio to cut from.
 */
export async function cutCardClip(options: { store: MediaStore; mediaKey: string; start: number; end: number; signal?: AbortSignal }): Promise<string> {
  const { store, mediaKey } = options
  const key = clipObjectKey(mediaKey, options.start, options.end)
  if (await store.stat(key)) return key
  const master = await store.readText(mediaObjectKey(mediaKey, 'master.m3u8'))
  if (master === undefined) throw new Error(`no ladder under ${mediaKey}`)
  const variant = sourceVariant(master)
  if (!variant) throw new Error(`the ladder ${mediaKey} has no rendition to cut from`)
  const folder = variant.slice(0, variant.lastIndexOf('/'))
  const playlist = await store.readText(mediaObjectKey(mediaKey, variant))
  if (playlist === undefined) throw new Error(`no playlist ${variant} under ${mediaKey}`)
  const { init, segments } = readMediaPlaylist(playlist)
  const { from, to } = clipSpan(options.start, options.end)
  const needed = segments.filter((segment) => segment.end > from && segment.start < to)
  if (needed.length === 0) throw new Error(`the line ${from}..${to} is past the end of ${mediaKey}`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-clip-'))
  try {
    const joined = path.join(dir, 'joined.mp4')
    const parts = [...(init ? [init] : []), ...needed.map((segment) => segment.uri)]
    for (const [index, uri] of parts.entries()) {
      const part = path.join(dir, `part-${index}`)
      if (!(await store.download(mediaObjectKey(mediaKey, `${folder}/${uri}`), part))) throw new Error(`missing ${folder}/${uri} under ${mediaKey}`)
      fs.appendFileSync(joined, fs.readFileSync(part))
      fs.rmSync(part)
    }
    const offset = Math.max(0, from - (await startTimeOf(joined)))
    const out = path.join(dir, 'clip.m4a')
    const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', `file:${joined}`, '-ss', offset.toFixed(3), '-t', (to - from).toFixed(3)]
    args.push('-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', `${CLIP_BITRATE_K}k`, '-ac', '1', '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', `file:${out}`)
    await runFfmpeg(args, { timeoutMs: 60_000, signal: options.signal })
    await store.putFile(key, out, { contentType: CLIP_CONTENT_TYPE, cacheControl: IMMUTABLE_CACHE })
    return key
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
