/**
 * Where stored files live on disk (the disk store, storage/disk-store.ts, keeps this layout; in a bucket
 * the same names are object keys). DATA_DIR/media/<media_key>/ holds master.m3u8, one folder per rendition
 * (v360p/, v720p/: index.m3u8, init.mp4, seg_NNN.m4s), poster.jpg and any uploaded thumbnails. Media
 * keys are random hex chosen by the server, so a key is safe as a folder name; anything else is refused.
 */
import crypto from 'node:crypto'
import path from 'node:path'

const MEDIA_KEY = /^[a-f0-9]{32}$/

export function newMediaKey(): string {
  return crypto.randomBytes(16).toString('hex')
}

export function isMediaKey(value: string): boolean {
  return MEDIA_KEY.test(value)
}

function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media')
}

export function mediaDir(dataDir: string, mediaKey: string): string {
  if (!isMediaKey(mediaKey)) throw new Error('not a media key')
  return path.join(mediaRoot(dataDir), mediaKey)
}

/** tus keeps unfinished and finished uploads here, one file (plus `<id>.json`) per upload id. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads')
}

/** Contributor application videos, under server-chosen names. */
export function applicationsDir(dataDir: string): string {
  return path.join(dataDir, 'applications')
}

/** Scratch space for multipart files before they are checked and moved into place. */
export function incomingDir(dataDir: string): string {
  return path.join(dataDir, 'incoming')
}

/**
 * The public URL of a thumbnail or poster inside a media folder. Pictures are not graded by access
 * level (the catalogue shows them to everyone), so they sit outside the grant-signed HLS URLs.
 */
export function mediaFileUrl(mediaKey: string, file: string): string {
  return `/media/${mediaKey}/${file}`
}

const UPLOAD_ID = /^[a-f0-9]{32}$/

/** The data file and tus's `.json` sidecar of one upload; ids are server-made hex, anything else is refused. */
export function uploadFiles(dataDir: string, uploadId: string): { data: string; info: string } {
  if (!UPLOAD_ID.test(uploadId)) throw new Error('not an upload id')
  const data = path.join(uploadsDir(dataDir), uploadId)
  return { data, info: `${data}.json` }
}

export function isUploadId(value: string): boolean {
  return UPLOAD_ID.test(value)
}
