/**
 * `npm run bench -- scale` (issue 17), on the scale test's deployment (sync-server/scale-test/cluster.ts:
 * a throwaway PostgreSQL, API processes with WORKERS=0, nginx on deploy/nginx.conf):
 * - signed-in reads (GET /me/daily_progress, 50 connections) through nginx over 1, then 2 API
 *   processes on the same PostgreSQL: requests/s, the factor, and CPU milliseconds per request spent
 *   by the API processes, by PostgreSQL and by nginx (from /proc), the per-request costs docs/scaling.md
 *   builds on;
 * - 1 MB HLS segments through nginx with our grant check (deploy/nginx.conf: nginx asks the API once per
 *   grant and sends the files itself), against nginx serving
 *   the same files alone (same worker count, sendfile): MB/s and the ratio (goal ≥ 0.80).
 * Load comes from this process, on the same cores, for both sides of each ratio: autocannon for the
 * reads, and for segments plain keep-alive GETs whose bodies are counted and dropped (autocannon's
 * parsing of 1 MB bodies capped both sides at the same ~50 MB/s, measuring itself).
 */
import crypto from 'node:crypto'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { freePort, nginxAvailable, signInThrough, startCluster, type Cluster, type ManagedProcess } from '../sync-server/scale-test/cluster.ts'

const SEGMENT_BYTES = 1024 * 1024
const SEGMENTS = 8
const SECONDS = 6
/** Rounds alternating the two sides; the ratio reported is the median of the rounds' ratios. */
const ROUNDS = 3
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export interface ScaleBenchResult {
  cores: number
  reads: {
    oneProcess: Side
    twoProcesses: Side
    factor: number
  }
  /** POST /watch_events with one new event per request, through nginx over the 2 API processes. */
  watchEvents: Side
  segments: { acceleratedMBps: number; nginxAloneMBps: number; ratio: number; goalMet: boolean; apiCpuMsPerSegment: number; nginxCpuMsPerSegment: number }
  skipped?: string
}

interface Side {
  requestsPerSecond: number
  p99Ms: number
  non2xx: number
  /** CPU milliseconds per request. */
  apiCpuMs: number
  postgresCpuMs: number
  nginxCpuMs: number
}

/** utime + stime (+ reaped children's) of a process, in ms. */
function cpuMs(pid: number, withChildren = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)
    return (ticks * 1000) / 100 // USER_HZ is 100 on Linux
  } catch {
    return 0
  }
}

function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(entry))
    } catch {
      // Gone meanwhile.
    }
  }
  return found
}

/** A process tree's CPU so far: the root with its reaped children, plus its live children. */
function treeCpuMs(root: number): number {
  return cpuMs(root, true) + childrenOf(root).reduce((sum, pid) => sum + cpuMs(pid), 0)
}

async function postmasterPid(cluster: Cluster): Promise<number> {
  const { rows } = await sql<{ setting: string }>`SELECT setting FROM pg_settings WHERE name = 'data_directory'`.execute(cluster.db)
  return Number(fs.readFileSync(path.join(rows[0]!.setting, 'postmaster.pid'), 'utf8').split('\n')[0])
}

async function measure(
  url: string,
  options: { headers?: Record<string, string>; paths?: string[]; post?: () => string },
  pids: { api: number[]; postgres: number; nginx: number },
): Promise<Side> {
  const base = {
    url,
    connections: 50,
    headers: options.headers,
    ...(options.paths ? { requests: options.paths.map((p) => ({ method: 'GET' as const, path: p })) } : {}),
    ...(options.post
      ? { requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: options.post!() }) } satisfies autocannon.Request] }
      : {}),
  }
  await autocannon({ ...base, duration: 2 })
  const before = { api: pids.api.map((pid) => cpuMs(pid)), postgres: treeCpuMs(pids.postgres), nginx: treeCpuMs(pids.nginx) }
  const result = await autocannon({ ...base, duration: SECONDS })
  const after = { api: pids.api.map((pid) => cpuMs(pid)), postgres: treeCpuMs(pids.postgres), nginx: treeCpuMs(pids.nginx) }
  const requests = Math.max(1, result.requests.total)
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    apiCpuMs: after.api.reduce((sum, ms, i) => sum + ms - before.api[i]!, 0) / requests,
    postgresCpuMs: (after.postgres - before.postgres) / requests,
    nginxCpuMs: (after.nginx - before.nginx) / requests,
  }
}

/** `connections` keep-alive loops GETting the paths in turn for `seconds`; bodies counted, not kept. */
async function segmentLoad(origin: string, paths: string[], pids: { api: number[]; postgres: number; nginx: number }, seconds = SECONDS, connections = 16) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const url = new URL(origin)
  let bytes = 0
  let requests = 0
  let failures = 0
  const get = (p: string) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path: p, agent }, (res) => {
        if (res.statusCode !== 200) failures++
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve())
        res.on('error', () => resolve())
      })
      req.on('error', () => {
        failures++
        resolve()
      })
    })
  const run = async (until: number, count: boolean) => {
    let i = 0
    await Promise.all(Array.from({ length: connections }, async (_, c) => {
      while (Date.now() < until) {
        await get(paths[(c + i++) % paths.length]!)
        if (count) requests++
      }
    }))
  }
  await run(Date.now() + 2_000, false)
  bytes = 0
  const before = { api: pids.api.map((pid) => cpuMs(pid)), nginx: pids.nginx ? treeCpuMs(pids.nginx) : 0 }
  const started = Date.now()
  await run(started + seconds * 1000, true)
  const elapsed = (Date.now() - started) / 1000
  const after = { api: pids.api.map((pid) => cpuMs(pid)), nginx: pids.nginx ? treeCpuMs(pids.nginx) : 0 }
  agent.destroy()
  return {
    mbPerSecond: bytes / 1024 / 1024 / elapsed,
    requests,
    failures,
    apiCpuMsPerRequest: after.api.reduce((sum, ms, i) => sum + ms - before.api[i]!, 0) / Math.max(1, requests),
    nginxCpuMsPerRequest: (after.nginx - before.nginx) / Math.max(1, requests),
  }
}

/** nginx serving DATA_DIR/media alone, as deploy/nginx.conf's internal location does (same workers). */
async function startBareNginx(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-bare-'))
  fs.chmodSync(prefix, 0o777)
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(
    conf,
    `worker_processes auto; events { worker_connections 4096; }
http { access_log off; sendfile on; tcp_nopush on; tcp_nodelay on; keepalive_requests 10000; types { video/iso.segment m4s; }
  client_body_temp_path ${prefix}/cb; proxy_temp_path ${prefix}/px; fastcgi_temp_path ${prefix}/fc; uwsgi_temp_path ${prefix}/uw; scgi_temp_path ${prefix}/sc;
  server { listen 127.0.0.1:${port}; location /m/ { alias ${root}/; add_header X-Content-Type-Options nosniff always; } } }`,
  )
  const asRoot = process.getuid?.() === 0 ? 'user root; ' : ''
  const child = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', conf, '-g', `${asRoot}daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;`], {
    stdio: 'ignore',
  })
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`)
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}

export async function runScaleBench(): Promise<ScaleBenchResult | { skipped: string }> {
  if (!nginxAvailable()) return { skipped: 'nginx is not installed (apt-get install nginx)' }
  const cluster = await startCluster({ logLevel: 'warn' })
  try {
    const [apiA, apiB] = await Promise.all([cluster.startApi(), cluster.startApi()]) as [ManagedProcess, ManagedProcess]
    let nginx = await cluster.startNginx([apiA])
    const learner = await signInThrough(cluster, nginx.url, 'bench-scale@example.com')
    const headers = { authorization: `Bearer ${learner.token}` }
    const postgres = await postmasterPid(cluster)

    const ones: Side[] = []
    const twos: Side[] = []
    for (let round = 0; round < ROUNDS; round++) {
      nginx = await cluster.startNginx([apiA])
      ones.push(await measure(`${nginx.url}/api/v1/me/daily_progress`, { headers }, { api: [apiA.child.pid!], postgres, nginx: nginx.process.child.pid! }))
      nginx = await cluster.startNginx([apiA, apiB])
      twos.push(await measure(`${nginx.url}/api/v1/me/daily_progress`, { headers }, { api: [apiA.child.pid!, apiB.child.pid!], postgres, nginx: nginx.process.child.pid! }))
    }
    const factor = median(ones.map((one, i) => twos[i]!.requestsPerSecond / one.requestsPerSecond))
    const pick = (sides: Side[]) => sides.find((side) => side.requestsPerSecond === median(sides.map((s) => s.requestsPerSecond)))!
    const one = pick(ones)
    const two = pick(twos)

    // One new watch event per request (the outbox's send when a stretch closes while online).
    const { id: eventVideo } = await cluster.db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Events', description: '', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 600,
        published_at: new Date().toISOString(), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    let sent = 0
    const watchEvents = await measure(
      `${nginx.url}/api/v1/watch_events`,
      {
        headers: { ...headers, 'content-type': 'application/json' },
        post: () => {
          sent++
          return JSON.stringify({ events: [{ client_id: crypto.randomUUID(), video_id: eventVideo, position_from: 0, position_to: 10, watched_seconds: 10,
            playback_rate: 1, occurred_at: new Date(Date.now() - 3_600_000 + (sent % 3_000_000)).toISOString() }] })
        },
      },
      { api: [apiA.child.pid!, apiB.child.pid!], postgres, nginx: nginx.process.child.pid! },
    )

    // 1 MB segments of a free video, played with a grant through nginx (two API processes behind it).
    const mediaKey = crypto.randomBytes(16).toString('hex')
    const variant = path.join(cluster.dataDir, 'media', mediaKey, 'v720p')
    fs.mkdirSync(variant, { recursive: true })
    const names = Array.from({ length: SEGMENTS }, (_, i) => `seg_${String(i).padStart(3, '0')}.m4s`)
    for (const name of names) fs.writeFileSync(path.join(variant, name), crypto.randomBytes(SEGMENT_BYTES))
    fs.writeFileSync(path.join(cluster.dataDir, 'media', mediaKey, 'master.m3u8'), '#EXTM3U\n')
    const { id: videoId } = await cluster.db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Bench', description: '', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 600,
        published_at: new Date().toISOString(), created_at: new Date().toISOString(), media_key: mediaKey })
      .returning('id')
      .executeTakeFirstOrThrow()
    const detail = (await (await fetch(`${nginx.url}/api/v1/videos/${videoId}`, { headers })).json()) as { data: { playback: { hls_url: string } } }
    // The grant travels in the query: each file is the master's URL with its name in place of master.m3u8.
    const segmentUrl = (name: string) => detail.data.playback.hls_url.replace('master.m3u8', `v720p/${name}`)
    const pids = { api: [apiA.child.pid!, apiB.child.pid!], postgres, nginx: nginx.process.child.pid! }
    const bare = await startBareNginx(path.join(cluster.dataDir, 'media'))
    const acceleratedRounds: Awaited<ReturnType<typeof segmentLoad>>[] = []
    const aloneRounds: Awaited<ReturnType<typeof segmentLoad>>[] = []
    try {
      for (let round = 0; round < ROUNDS; round++) {
        acceleratedRounds.push(await segmentLoad(nginx.url, names.map(segmentUrl), pids))
        aloneRounds.push(await segmentLoad(bare.url, names.map((name) => `/m/${mediaKey}/v720p/${name}`), { api: [], postgres, nginx: 0 }))
      }
    } finally {
      await bare.stop()
    }
    const failures = [...acceleratedRounds, ...aloneRounds].reduce((sum, round) => sum + round.failures, 0)
    if (failures > 0) throw new Error(`${failures} segment requests failed`)
    const segmentRatio = median(acceleratedRounds.map((round, i) => round.mbPerSecond / aloneRounds[i]!.mbPerSecond))
    const acceleratedMBps = median(acceleratedRounds.map((round) => round.mbPerSecond))
    const nginxAloneMBps = median(aloneRounds.map((round) => round.mbPerSecond))
    const accelerated = {
      apiCpuMsPerRequest: median(acceleratedRounds.map((round) => round.apiCpuMsPerRequest)),
      nginxCpuMsPerRequest: median(acceleratedRounds.map((round) => round.nginxCpuMsPerRequest)),
    }
    return {
      cores: os.availableParallelism(),
      reads: { oneProcess: one, twoProcesses: two, factor },
      watchEvents,
      segments: {
        acceleratedMBps,
        nginxAloneMBps,
        ratio: segmentRatio,
        goalMet: segmentRatio >= 0.8,
        apiCpuMsPerSegment: accelerated.apiCpuMsPerRequest,
        nginxCpuMsPerSegment: accelerated.nginxCpuMsPerRequest,
      },
      ...([...ones, ...twos, watchEvents].some((side) => side.non2xx > 0) ? { skipped: 'some requests answered non-2xx' } : {}),
    } satisfies ScaleBenchResult
  } finally {
    await cluster.stop()
  }
}
