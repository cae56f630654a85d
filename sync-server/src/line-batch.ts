/**
 * Log lines gathered in memory and handed to the file or standard output in batches of about
 * LOG_BATCH_BYTES, and at least every LOG_FLUSH_MS. Gathered as an array joined once per batch:
 * SonicBoom's own batching (minLength) appends each line to one growing string and measures that
 * string's byte length on every write, which copies it whole each time: about 6 KB of garbage per
 * API call and a sixth of the polled call's scavenges.
 */
export interface LineSink {
  write(text: string): unknown
  flush(callback?: (error?: Error) => void): void
  flushSync(): void
  on(event: 'close', listener: () => void): unknown
}

export interface LineBatch {
  write(line: string): boolean
  /** Hands what is gathered to the sink, then asks it to write (pino's logger.flush). */
  flush(callback?: (error?: Error) => void): void
  /** Everything gathered, written before returning (pino calls this after a fatal line). */
  flushSync(): void
}

export function batchLines(sink: LineSink, options: { batchBytes: number; flushMs: number }): LineBatch {
  let pending: string[] = []
  let pendingLength = 0
  const handOver = () => {
    if (pending.length === 0) return
    const text = pending.length === 1 ? pending[0] : pending.join('')
    pending = []
    pendingLength = 0
    sink.write(text)
  }
  const batch: LineBatch = {
    write(line) {
      pending.push(line)
      pendingLength += line.length
      if (pendingLength >= options.batchBytes) handOver()
      return true
    },
    flush(callback) {
      handOver()
      sink.flush(callback)
    },
    flushSync() {
      handOver()
      sink.flushSync()
    },
  }
  const ticking = setInterval(handOver, options.flushMs).unref()
  // Any exit, a crash included: what is gathered goes out synchronously (the sink's own exit hook may
  // have run already; a second flushSync writes what this one handed over). Before an exit with an
  // empty event loop, it is handed over while the loop can still write it.
  const onExit = () => {
    try {
      batch.flushSync()
    } catch {
      // A sink already closed has nowhere to write.
    }
  }
  process.on('exit', onExit)
  process.on('beforeExit', handOver)
  sink.on('close', () => {
    clearInterval(ticking)
    process.removeListener('exit', onExit)
    process.removeListener('beforeExit', handOver)
  })
  return batch
}
