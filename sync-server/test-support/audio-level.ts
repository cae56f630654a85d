/** How loud a media file's first audio stream is, by ffmpeg's volumedetect (tests of generated speech). */
import { execFile } from 'node:child_process'

/** The loudest sample in dB below full scale; digital silence reads -91. Takes a file or an HLS playlist. */
export function maxVolume(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', ['-nostdin', '-hide_banner', '-i', file, '-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-'], (error, _stdout, stderr) => {
      const match = /max_volume: (-?[\d.]+) dB/.exec(stderr)
      if (error || !match) return reject(error ?? new Error(`no volume reported: ${stderr.slice(-300)}`))
      resolve(Number(match[1]))
    })
  })
}
