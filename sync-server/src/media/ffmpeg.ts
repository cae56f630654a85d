/**
 * The one place that runs ffmpeg and ffprobe. Uploaded files are hostile input to a large C codebase,
 * so every run here: goes through execFile/spawn with an argument list (never a shell), passes
 * `-nostdin`, has a timeout and an abort signal, reads inputs through the `file:` protocol only (a
 * name can never turn into a URL or a concat list), and probes before anything else: only an allowlist
 * of ordinary containers with a real video stream and a duration goes on to be transcoded.
 */
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg'
const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe'
const PROBE_TIMEOUT_MS = 30_000

/**
 * Containers a phone or camera produces. Playlists (hls), concat lists, image sequences and device
 * or network demuxers are left out on purpose: they make ffmpeg open other files or URLs.
 */
const ALLOWED_FORMATS = new Set([
  'mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'mpeg', 'asf', 'ogg', 'mxf',
])

export interface VideoProbe {
  durationSeconds: number
  /** Display size, after the rotation a phone records in the metadata. */
  width: number
  height: number
  hasAudio: boolean
  formatName: string
}

export type ProbeResult = { ok: true; video: VideoProbe } | { ok: false; reason: string }

interface FfprobeStream {
  codec_type?: string
  width?: number
  height?: number
  disposition?: { attached_pic?: number }
  tags?: { rotate?: string }
  side_data_list?: { rotation?: number }[]
}

/** Checks that a file is a real video: a known container, a video stream, a duration. */
export function probeVideo(file: string, options: { timeoutMs?: number } = {}): Promise<ProbeResult> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', `file:${path.resolve(file)}`]
  return new Promise((resolve) => {
    execFile(
      FFPROBE,
      args,
      { timeout: options.timeoutMs ?? PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error) return resolve({ ok: false, reason: 'The file is not a video we can read.' })
        let parsed: { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] }
        try {
          parsed = JSON.parse(stdout)
        } catch {
          return resolve({ ok: false, reason: 'The file is not a video we can read.' })
        }
        const formatNames = (parsed.format?.format_name ?? '').split(',')
        if (!formatNames.some((name) => ALLOWED_FORMATS.has(name))) {
          return resolve({ ok: false, reason: 'The file is not a video format we accept.' })
        }
        const streams = parsed.streams ?? []
        const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)
        if (!video || !video.width || !video.height) {
          return resolve({ ok: false, reason: 'The file has no video stream.' })
        }
        const duration = Number(parsed.format?.duration)
        if (!Number.isFinite(duration) || duration <= 0) {
          return resolve({ ok: false, reason: 'The video has no duration.' })
        }
        if (video.width > 8192 || video.height > 8192) {
          return resolve({ ok: false, reason: 'The video frame is too large.' })
        }
        const rotation = Math.abs(Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0))
        const turned = rotation % 180 === 90
        resolve({
          ok: true,
          video: {
            durationSeconds: duration,
            width: turned ? video.height : video.width,
            height: turned ? video.width : video.height,
            hasAudio: streams.some((s) => s.codec_type === 'audio'),
            formatName: formatNames[0],
          },
        })
      },
    )
  })
}

export interface Rendition {
  /** Folder name, e.g. `v720p`. */
  name: string
  /** The short side in pixels (height for landscape, width for portrait). */
  shortSide: number
  videoBitrateK: number
  audioBitrateK: number
}

/**
 * The ladder's fixed rungs. A source's renditions (renditionsFor) never upscale and are two whenever
 * that is possible without upscaling: at 720p or more, 720p and 360p; strictly between 360p and 720p,
 * one at the source's own size (its short side made even, e.g. `v480p`, the bitrate between the
 * rungs') and 360p; at 360p or less, one alone at the source's size (under the 360p name), since a
 * second would have to be larger than the source.
 */
export const LADDER: readonly Rendition[] = [
  { name: 'v720p', shortSide: 720, videoBitrateK: 3000, audioBitrateK: 128 },
  { name: 'v360p', shortSide: 360, videoBitrateK: 730, audioBitrateK: 96 },
]

/**
 * The audio-only rendition (commute mode, issue 31): AAC-LC mono at 48 kb/s, enough for speech (measured
 * 0.41 MB a minute against 6.15 for v360p; docs/performance.md). Its own variant in the master, listed
 * last with CODECS="mp4a.40.2" and no RESOLUTION: hls.js drops such a level for streaming when the
 * master has video levels (so it never switches a picture away), Safari treats it as the audio-only
 * rung Apple's authoring spec describes, and a download or an audio-only stream asks for its media
 * playlist (`a48k/index.m3u8`) directly. Made only for a source with audio.
 */
export const AUDIO_RENDITION = { name: 'a48k', bitrateK: 48, channels: 1 } as const

export function renditionsFor(video: Pick<VideoProbe, 'width' | 'height'>): Rendition[] {
  const [top, bottom] = LADDER
  const shortSide = Math.min(video.width, video.height)
  if (shortSide >= top.shortSide) return [top, bottom]
  // H.264 in 4:2:0 wants even sizes: 481 becomes 480, and 361 is just the 360p rung.
  const even = Math.floor(shortSide / 2) * 2
  if (even <= bottom.shortSide) return [bottom]
  // The rungs spend about the same bits per pixel, so the bitrate follows the pixel count (the square
  // of the short side) between them: 480p gets about 1320 kb/s, 540p about 1680 kb/s.
  const share = (even ** 2 - bottom.shortSide ** 2) / (top.shortSide ** 2 - bottom.shortSide ** 2)
  const videoBitrateK = Math.round((bottom.videoBitrateK + share * (top.videoBitrateK - bottom.videoBitrateK)) / 10) * 10
  return [{ name: `v${even}p`, shortSide: even, videoBitrateK, audioBitrateK: top.audioBitrateK }, bottom]
}

/**
 * The ffmpeg arguments for the HLS ladder (fMP4, keyframes every 2 s, ~6 s segments, AAC), to run
 * with cwd = the output folder so each rendition's init file lands in its own folder. Built from the
 * probe: the renditions renditionsFor gives, scaled by the short side, and a map without audio when
 * there is none.
 */
export function hlsLadderArgs(source: string, video: VideoProbe): string[] {
  const rungs = renditionsFor(video)
  const portrait = video.height > video.width
  const shortSide = Math.min(video.width, video.height)
  const scale = (rung: Rendition) =>
    rung.shortSide > shortSide
      ? 'scale=trunc(iw/2)*2:trunc(ih/2)*2'
      : portrait
        ? `scale=${rung.shortSide}:-2`
        : `scale=-2:${rung.shortSide}`
  const graph =
    `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` +
    rungs.map((rung, i) => `[s${i}]${scale(rung)}[o${i}]`).join(';')
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', `file:${path.resolve(source)}`]
  args.push('-filter_complex', graph)
  rungs.forEach((_, i) => args.push('-map', `[o${i}]`))
  // One audio stream per video rendition, then the audio-only rendition's.
  if (video.hasAudio) [...rungs, AUDIO_RENDITION].forEach(() => args.push('-map', '0:a:0'))
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)',
  )
  rungs.forEach((rung, i) => {
    args.push(`-b:v:${i}`, `${rung.videoBitrateK}k`, `-maxrate:v:${i}`, `${Math.round(rung.videoBitrateK * 1.1)}k`)
    args.push(`-bufsize:v:${i}`, `${rung.videoBitrateK * 2}k`)
    if (video.hasAudio) args.push(`-b:a:${i}`, `${rung.audioBitrateK}k`)
  })
  if (video.hasAudio) {
    // The stream's own channel count after the general one: ffmpeg takes the last option that matches.
    const audioOnly = rungs.length
    args.push('-c:a', 'aac', '-ac', '2')
    args.push(`-b:a:${audioOnly}`, `${AUDIO_RENDITION.bitrateK}k`, `-ac:a:${audioOnly}`, String(AUDIO_RENDITION.channels))
  }
  args.push(
    '-map_metadata', '-1',
    '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments', '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', '%v/seg_%03d.m4s', '-master_pl_name', 'master.m3u8',
    '-var_stream_map',
    [
      ...rungs.map((rung, i) => (video.hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`)),
      ...(video.hasAudio ? [`a:${rungs.length},name:${AUDIO_RENDITION.name}`] : []),
    ].join(' '),
    '%v/index.m3u8',
  )
  return args
}

export class FfmpegError extends Error {}

/**
 * Runs ffmpeg with `-progress pipe:1` and reports the encoded time in seconds as it goes. Rejects on a
 * non-zero exit, the timeout, or the signal (the child is killed in each case).
 */
export function runFfmpeg(
  args: string[],
  options: { cwd?: string; timeoutMs: number; signal?: AbortSignal; onProgress?: (seconds: number) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new FfmpegError('aborted'))
    const child = spawn(FFMPEG, [...args.slice(0, -1), '-progress', 'pipe:1', '-nostats', args[args.length - 1]], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let pending = ''
    let settled = false
    const finish = (error?: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve()
    }
    const onAbort = () => {
      child.kill('SIGKILL')
      finish(new FfmpegError('aborted'))
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(new FfmpegError('ffmpeg timed out'))
    }, options.timeoutMs)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line)
        if (match) options.onProgress?.(Number(match[1]) / 1e6)
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 8000) stderr += chunk
    })
    // A pipe that fails (the child killed mid-write, a broken descriptor) raises on its stream, not on
    // the child; unheard, it would stop the process. The child is ended and the run fails.
    const pipeFailed = (error: Error) => {
      child.kill('SIGKILL')
      finish(new FfmpegError(`ffmpeg's output could not be read: ${error.message}`))
    }
    child.stdout.on('error', pipeFailed)
    child.stderr.on('error', pipeFailed)
    child.on('error', (error) => finish(new FfmpegError(`ffmpeg could not start: ${error.message}`)))
    child.on('close', (code) => {
      if (code === 0) finish()
      else finish(new FfmpegError(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`))
    })
  })
}

/**
 * Transcodes a probed source into `outDir` (HLS ladder + poster.jpg). ffmpeg names init files
 * `init_<n>.mp4`; each is renamed to `init.mp4` in its own folder and its playlist's EXT-X-MAP follows.
 */
export async function transcodeToHls(options: {
  source: string
  outDir: string
  video: VideoProbe
  signal?: AbortSignal
  onPercent?: (percent: number) => void
}): Promise<void> {
  const { source, outDir, video } = options
  fs.mkdirSync(outDir, { recursive: true })
  const timeoutMs = 5 * 60_000 + video.durationSeconds * 20_000
  await runFfmpeg(hlsLadderArgs(source, video), {
    cwd: outDir,
    timeoutMs,
    signal: options.signal,
    onProgress: (seconds) => options.onPercent?.(Math.min(99, Math.floor((seconds / video.durationSeconds) * 100))),
  })
  for (const rung of renditionsFor(video)) normaliseInitFile(path.join(outDir, rung.name))
  if (video.hasAudio) normaliseInitFile(path.join(outDir, AUDIO_RENDITION.name))
  writeMeasuredBandwidth(outDir, video.durationSeconds)
  await makePoster({ source, out: path.join(outDir, 'poster.jpg'), video, signal: options.signal })
}

/**
 * Each rendition's AVERAGE-BANDWIDTH (RFC 8216 4.3.4.2) measured from the files written: its bytes (init
 * and segments) × 8 over the length. ffmpeg's BANDWIDTH is the encoder's target and peak, which a
 * simple picture (a slide, a talking head) stays far below: the PWA's size before a download read
 * "About 22 MB" for 2.4 MB (issue 32). The PWA estimates from this figure when a master has it.
 */
export function writeMeasuredBandwidth(outDir: string, durationSeconds: number): void {
  const master = path.join(outDir, 'master.m3u8')
  if (!fs.existsSync(master) || !(durationSeconds > 0)) return
  const lines = fs.readFileSync(master, 'utf8').split('\n')
  const out = lines.map((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return line
    const uri = lines.slice(index + 1).find((next) => next.trim() !== '' && !next.startsWith('#'))?.trim()
    if (!uri) return line
    const dir = path.join(outDir, path.dirname(uri))
    if (!fs.existsSync(dir)) return line
    const bytes = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.m4s') || file.endsWith('.mp4') || file.endsWith('.ts'))
      .reduce((sum, file) => sum + fs.statSync(path.join(dir, file)).size, 0)
    const average = Math.ceil((bytes * 8) / durationSeconds)
    const without = line.replace(/,AVERAGE-BANDWIDTH=\d+/, '')
    return `${without},AVERAGE-BANDWIDTH=${average}`
  })
  fs.writeFileSync(master, out.join('\n'))
}

function normaliseInitFile(dir: string) {
  const init = fs.readdirSync(dir).find((file) => /^init(_\d+)?\.mp4$/.test(file))
  if (!init || init === 'init.mp4') return
  fs.renameSync(path.join(dir, init), path.join(dir, 'init.mp4'))
  const playlist = path.join(dir, 'index.m3u8')
  fs.writeFileSync(playlist, fs.readFileSync(playlist, 'utf8').replace(`URI="${init}"`, 'URI="init.mp4"'))
}

/** A poster frame a little into the video (input-side seek is fast), 640 px on the long side. */
export function makePoster(options: { source: string; out: string; video: VideoProbe; signal?: AbortSignal }) {
  const at = Math.min(3, options.video.durationSeconds / 2).toFixed(2)
  const scale = options.video.height > options.video.width ? 'scale=-2:640' : 'scale=640:-2'
  return runFfmpeg(
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-ss', at, '-i', `file:${path.resolve(options.source)}`,
      '-frames:v', '1', '-vf', scale, '-q:v', '3', `file:${path.resolve(options.out)}`],
    { timeoutMs: 60_000, signal: options.signal },
  )
}

/**
 * A synthetic clip (colour test pattern, optional sine tone) for demo data, tests and benchmarks.
 * No drawtext: fonts may be missing on the machine.
 */
export function generateTestVideo(options: {
  out: string
  seconds: number
  width: number
  height: number
  audio?: boolean
  pattern?: 'testsrc2' | 'smptebars' | 'rgbtestsrc' | 'testsrc'
  frequency?: number
  preset?: string
}): Promise<void> {
  const { seconds, width, height } = options
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `${options.pattern ?? 'testsrc2'}=size=${width}x${height}:rate=30:duration=${seconds}`]
  if (options.audio !== false) args.push('-f', 'lavfi', '-i', `sine=frequency=${options.frequency ?? 440}:duration=${seconds}`)
  args.push('-c:v', 'libx264', '-preset', options.preset ?? 'ultrafast', '-pix_fmt', 'yuv420p')
  if (options.audio !== false) args.push('-c:a', 'aac', '-shortest')
  args.push('-movflags', '+faststart', '-f', 'mp4', `file:${path.resolve(options.out)}`)
  return runFfmpeg(args, { timeoutMs: 120_000 + seconds * 10_000 })
}
