/**
 * Reading and writing the 16-bit PCM WAV files espeak-ng speaks in. espeak-ng's `--stdout` writes
 * its header before it knows the length (the sizes say 0x7ffff…), so the data chunk runs to the end of
 * what it wrote rather than to its stated size.
 */

export interface Pcm {
  sampleRate: number
  /** Mono samples. */
  samples: Int16Array
}

export function parseWav(bytes: Buffer): Pcm {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file')
  let offset = 12
  let sampleRate = 0
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4)
    const size = bytes.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(body)
      const channels = bytes.readUInt16LE(body + 2)
      sampleRate = bytes.readUInt32LE(body + 4)
      const bits = bytes.readUInt16LE(body + 14)
      if (format !== 1 || bits !== 16 || channels !== 1) throw new Error('expected 16-bit mono PCM')
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before its format')
      const end = Math.min(bytes.length, body + size)
      const count = Math.floor((end - body) / 2)
      const samples = new Int16Array(count)
      for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(body + i * 2)
      return { sampleRate, samples }
    }
    offset = body + size + (size % 2)
  }
  throw new Error('WAV file without data')
}

export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2
  const out = Buffer.alloc(44 + dataBytes)
  out.write('RIFF', 0, 'ascii')
  out.writeUInt32LE(36 + dataBytes, 4)
  out.write('WAVE', 8, 'ascii')
  out.write('fmt ', 12, 'ascii')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20)
  out.writeUInt16LE(1, 22)
  out.writeUInt32LE(pcm.sampleRate, 24)
  out.writeUInt32LE(pcm.sampleRate * 2, 28)
  out.writeUInt16LE(2, 32)
  out.writeUInt16LE(16, 34)
  out.write('data', 36, 'ascii')
  out.writeUInt32LE(dataBytes, 40)
  Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, dataBytes).copy(out, 44)
  return out
}

/**
 * Cuts the near-silence espeak-ng leaves before and after speech, so timings start and end with the
 * voice; `keep` samples either side stay, so a soft onset or a fading vowel is not clipped.
 */
export function trimSilence(samples: Int16Array, keep = 0, threshold = 200): Int16Array {
  let start = 0
  while (start < samples.length && Math.abs(samples[start]) < threshold) start++
  let end = samples.length
  while (end > start && Math.abs(samples[end - 1]) < threshold) end--
  if (start === end) return samples.subarray(0, 0)
  return samples.subarray(Math.max(0, start - keep), Math.min(samples.length, end + keep))
}
