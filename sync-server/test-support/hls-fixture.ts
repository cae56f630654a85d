/**
 * A tiny real HLS ladder made with ffmpeg (one 160x90 rendition, 2 s segments), written where the
 * transcoder would write it, for tests of the media server. `bandwidth` is what the master declares:
 * downloads size their parts from it, so a high one makes a tiny video travel in several parts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { mediaDir, newMediaKey } from '../src/storage/media-paths.ts'

export function makeHlsFixture(dataDir: string, seconds = 12, options: { bandwidth?: number; audioOnly?: boolean } = {}): string {
  const mediaKey = newMediaKey()
  const folder = mediaDir(dataDir, mediaKey)
  fs.mkdirSync(path.join(folder, 'v360p'), { recursive: true })
  execFileSync(
    'ffmpeg',
    [
      '-nostdin', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=160x90:rate=10:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-keyint_min', '20', '-sc_threshold', '0',
      '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
      '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', 'v360p/seg_%03d.m4s', 'v360p/index.m3u8',
    ],
    { cwd: folder },
  )
  let master = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=${options.bandwidth ?? 200000},RESOLUTION=160x90,CODECS="avc1.42c00c"\nv360p/index.m3u8\n`
  if (options.audioOnly) {
    // The ladder's audio-only rendition as media/ffmpeg.ts writes it: AAC mono 48 kb/s, its own variant listed last.
    fs.mkdirSync(path.join(folder, 'a48k'), { recursive: true })
    execFileSync(
      'ffmpeg',
      [
        '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
        '-c:a', 'aac', '-b:a', '48k', '-ac', '1',
        '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
        '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', 'a48k/seg_%03d.m4s', 'a48k/index.m3u8',
      ],
      { cwd: folder },
    )
    master += `#EXT-X-STREAM-INF:BANDWIDTH=52800,CODECS="mp4a.40.2",AVERAGE-BANDWIDTH=50000\na48k/index.m3u8\n`
  }
  fs.writeFileSync(path.join(folder, 'master.m3u8'), master)
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:duration=1', '-frames:v', '1', 'poster.jpg'], { cwd: folder })
  return mediaKey
}
