import autocannon from 'autocannon'

export interface LoadResult {
  requestsPerSecond: number
  p99Ms: number
  non2xx: number
  errors: number
}

/** One autocannon run; a short warm-up first so JIT and SQLite caches are hot for every contender. */
export async function load(url: string, options: { headers?: Record<string, string>; connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  const base = { url, headers: options.headers, connections: options.connections ?? 50 }
  await autocannon({ ...base, duration: 2 })
  const result = await autocannon({ ...base, duration: options.seconds ?? 10 })
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}
