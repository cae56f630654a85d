/**
 * The one place stored files go through (issue 34): processed media (the HLS ladder, posters,
 * thumbnails) and application videos, by key:
 *   media/<media_key>/master.m3u8, media/<media_key>/v360p/seg_001.m4s, media/<media_key>/poster.jpg
 *   applications/<name>
 * tus uploads have their own store (storage/upload-store.ts) because tus writes them itself.
 *
 * Two implementations with one behaviour: `disk` (DATA_DIR/<key>, exactly the layout of before, the
 * default) and `s3` (the same keys in one bucket; disk-store.ts, s3-store.ts). Files come in from a
 * local path and are *moved* in (on disk a rename, so a ladder appears whole; on S3 an upload of each
 * file, then the local copy removed). Keys are checked here: segments of letters, digits, `._-`, never
 * `.` or `..` or a leading dot, so no key can leave its root.
 */
import type { Readable } from 'node:stream'

export interface StoredObject {
  key: string
  size: number
  modifiedMs: number
}

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

export interface PutOptions {
  contentType?: string
  cacheControl?: string
}

export interface MediaStore {
  readonly kind: 'disk' | 's3'
  /** Moves a local file in under `key` (replacing what was there). */
  putFile(key: string, file: string, options?: PutOptions): Promise<void>
  /**
   * Moves a local folder's files in under `prefix/` (its tree kept), the folder consumed. `optionsFor`
   * gives each file's headers by its path relative to the folder.
   */
  putDir(prefix: string, dir: string, optionsFor?: (relative: string) => PutOptions): Promise<void>
  stat(key: string): Promise<StoredObject | undefined>
  /** The object's bytes (or a range of them), or undefined when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>
  readText(key: string): Promise<string | undefined>
  /** Copies the object to a local file; false when there is no such object. */
  download(key: string, file: string): Promise<boolean>
  remove(key: string): Promise<void>
  /** Removes every object under `prefix/`; returns how many. */
  removePrefix(prefix: string): Promise<number>
  /** Every object under `prefix/` (all of them with ''), in no promised order. */
  list(prefix: string): AsyncIterable<StoredObject>
  /** Disk only: the file behind a key (for sendFile and nginx's X-Accel-Redirect over DATA_DIR). */
  localPath?(key: string): string
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/

/** Throws on a key that is not made of plain segments (see the top). */
export function checkKey(key: string): string {
  const segments = key.split('/')
  if (segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`)
  }
  return key
}

export function mediaObjectKey(mediaKey: string, relative = ''): string {
  return checkKey(relative ? `media/${mediaKey}/${relative}` : `media/${mediaKey}`)
}

export function applicationObjectKey(name: string): string {
  return checkKey(`applications/${name}`)
}

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  webm: 'video/webm',
  mov: 'video/quicktime',
}

/** A year: segments, init files and pictures never change under a key (a new ladder gets a new key). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, s-maxage=31536000, immutable'
/** Playlists: short, so a grant's re-checks and a replaced ladder are seen soon. */
export const PLAYLIST_CACHE = 'public, max-age=10, s-maxage=10'

/** The headers a ladder file is stored with, so the bucket (and a CDN in front of it) serves them right. */
export function ladderFileOptions(relative: string): PutOptions {
  const extension = relative.slice(relative.lastIndexOf('.') + 1).toLowerCase()
  return { contentType: TYPES[extension] ?? 'application/octet-stream', cacheControl: extension === 'm3u8' ? PLAYLIST_CACHE : IMMUTABLE_CACHE }
}

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'
}
