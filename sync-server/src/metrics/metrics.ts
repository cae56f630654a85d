/**
 * What this process tells a monitoring system (issue 47), in Prometheus's text format through
 * prom-client: one registry per context (a test process builds many), the metrics every layer records
 * into, and the gauges read at scrape time (jobs, the database pool, the disk). Served on a listener of
 * its own (metrics-listener.ts), never on the public one. The names and labels are the dashboard's
 * (deploy/grafana-dashboard.json) and the alerts' (docs/operations.md): change them together.
 *
 * Labels stay bounded: a route is its name in the contract's table (or one of a few fixed names for what
 * is not in it), never a path; a status is its number.
 */
import client from 'prom-client'

/** The moments of one stored watch-event batch: how many events, its wait for its turn, its transaction. */
export interface IngestObserver {
  batch(events: number, waitSeconds: number, commitSeconds: number): void
}

export interface JobCount {
  kind: string
  state: string
  count: number
}

export interface ScrapeSources {
  /** Jobs by kind and state, 'retry_wait' being queued after a failed attempt (the whole cluster's, from the database). */
  jobs(): Promise<JobCount[]>
  /** PostgreSQL's pool (undefined on SQLite). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number }
  /** Free bytes on each disk uploads fill, and the reserve kept on them. */
  disk: { dirs: readonly string[]; reserveBytes: number; free(dir: string): number }
}

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export function createMetrics() {
  const registry = new client.Registry()
  const registers = [registry]
  const requests = new client.Counter({ name: 'dehieu_http_requests_total', help: 'HTTP requests answered, by route name, method and status.', labelNames: ['route', 'method', 'status'] as const, registers })
  const requestSeconds = new client.Histogram({
    name: 'dehieu_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer finishing, by route name and status.',
    labelNames: ['route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  })
  const ingestEvents = new client.Histogram({ name: 'dehieu_watch_ingest_batch_events', help: 'Events in each stored watch-event batch.', buckets: [1, 5, 10, 25, 50, 100, 250, 500], registers })
  const ingestWait = new client.Histogram({ name: 'dehieu_watch_ingest_wait_seconds', help: 'A watch-event batch waiting for its turn (group commit, or the learner lock and a pool connection).', buckets: SECONDS_BUCKETS, registers })
  const ingestCommit = new client.Histogram({ name: 'dehieu_watch_ingest_commit_seconds', help: 'A watch-event batch’s transaction, from its start to its commit.', buckets: SECONDS_BUCKETS, registers })
  const uploadsInProgress = new client.Gauge({ name: 'dehieu_uploads_in_progress', help: 'tus PATCH requests this process is receiving now.', registers })
  const uploadBytes = new client.Counter({ name: 'dehieu_upload_received_bytes_total', help: 'Upload bytes this process received and stored (tus PATCH bodies).', registers })

  let sources: ScrapeSources | undefined
  new client.Gauge({
    name: 'dehieu_jobs',
    help: 'Background jobs by kind and state (queued, running, failed, retry_wait), for the whole cluster.',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset()
      if (!sources) return
      try {
        for (const row of await sources.jobs()) this.set({ kind: row.kind, state: row.state }, row.count)
      } catch {
        // The database is away: /health/ready says so; the scrape still answers with the rest.
      }
    },
  })
  new client.Gauge({
    name: 'dehieu_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle) and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources?.pool
      if (!pool) return
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
  new client.Gauge({
    name: 'dehieu_disk_free_bytes',
    help: 'Free bytes on each disk uploads fill (DATA_DIR, and with a bucket the staging folders).',
    labelNames: ['dir'] as const,
    registers,
    collect() {
      this.reset()
      for (const dir of sources?.disk.dirs ?? []) {
        try {
          this.set({ dir }, sources!.disk.free(dir))
        } catch {
          // A folder not there yet has no disk to speak of.
        }
      }
    },
  })
  new client.Gauge({
    name: 'dehieu_disk_reserve_bytes',
    help: 'DISK_RESERVE_BYTES: below it on any of those disks, uploads are refused and the process is not ready.',
    registers,
    collect() {
      this.set(sources?.disk.reserveBytes ?? 0)
    },
  })

  return {
    registry,
    http: { requests, requestSeconds },
    uploads: { inProgress: uploadsInProgress, bytes: uploadBytes },
    ingest: {
      batch(events, waitSeconds, commitSeconds) {
        ingestEvents.observe(events)
        ingestWait.observe(waitSeconds)
        ingestCommit.observe(commitSeconds)
      },
    } satisfies IngestObserver,
    /** Where the scrape-time gauges read from, once the context has them. */
    readFrom(given: ScrapeSources) {
      sources = given
    },
    /** Node's own: CPU, memory, heap, event-loop delay, handles, GC (prom-client's defaults), once per process. */
    withProcessMetrics() {
      client.collectDefaultMetrics({ register: registry })
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
