/**
 * Media in a bucket (issue 34), against a throwaway Ceph gateway (test-support/ceph-server.ts), in this
 * same run:
 * - Segments: 1 MB segments sent by nginx on deploy/nginx-s3.conf (the grant checked by the API once per
 *   grant, the bytes fetched from the bucket into nginx's cache, keyed by the media path), as a ratio to
 *   nginx on deploy/nginx.conf sending the same files from DATA_DIR after the same check. Cold: a fresh
 *   nginx (empty cache) fetches each segment once, 8 at a time, against the floors beneath it: the same
 *   objects fetched straight from the gateway, 8 at a time over kept connections, and through nginx on
 *   the same file with the media cache off (proxy_buffering on, the same buffers), grant check kept and
 *   taken out: what nginx's proxying itself costs, apart from its cache; and segments new to the cache
 *   of an nginx-s3 that has been running (warmed on other segments: its connections open, the grant
 *   cached), a fresh set each round. Warm: SECONDS of load over the
 *   same segments once every one is cached, 16 connections. Each round starts a fresh nginx-s3; the
 *   order of the sides turns each round; the median of the per-round ratios counts.
 * - Uploads: UPLOAD_BYTES through our tus endpoint into the bucket (tus-js-client in UPLOAD_CHUNK_BYTES
 *   chunks, as the PWA sends; storage/tus-s3-store.ts on @tus/s3-store: a PATCH's parts held in memory
 *   and stored side by side, its `.part` once they all are), as a ratio to the AWS SDK's own multipart
 *   upload of the same bytes to the same gateway (@aws-sdk/lib-storage, 8 MiB parts, 4 at a time, its
 *   default), alternating; the median of the per-round ratios counts. Reported beside it: the SDK with
 *   one part in flight, what the gateway takes over one stream, and tus with each chunk given to the
 *   socket whole as a browser's network stack takes it (tus-js-client's Node stack writes 16 KB at a
 *   time, each write waiting for drain); both after the pair in each round.
 * The API server runs in a process of its own (bench/servers/app-server.ts on the bucket), as behind a
 * browser: the tus client and the SDK share this process, the server's receiving is not charged to the
 * client's thread. nginx, Ceph and the load are the same on both sides. Skipped, with the reason,
 * without Ceph or nginx. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the server.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { UPLOAD_CHUNK_BYTES } from '../contract/index.ts'
import { newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { ladderFileOptions } from '../sync-server/src/storage/media-store.ts'
import { createS3Store, prepareBucket, s3ClientConfig, type S3Settings } from '../sync-server/src/storage/s3-store.ts'
import { cephMissing, startCeph } from '../sync-server/test-support/ceph-server.ts'
import { nginxAvailable, startNginx, type RunningNginx } from '../sync-server/test-support/nginx-server.ts'
import { tusUpload } from '../sync-server/test-support/tus-upload.ts'
import { startChildServer } from './lib/child-server.ts'

/** What bench/servers/app-server.ts prints once listening. */
interface AppServerInfo {
  base: string
  origin: string
  token: string
  hlsUrl: string
}

const SEGMENT_BYTES = 1024 * 1024
const SEGMENTS = 48
const ROUNDS = 3
const SECONDS = 5
const UPLOAD_BYTES = 96 * 1024 * 1024
const SDK_PART_BYTES = 8 * 1024 * 1024

export interface MediaS3BenchResult {
  segments: {
    coldS3MBps: number
    coldDiskMBps: number
    coldRatio: number
    /** The floor beneath the cold path: the same objects straight from the gateway (GetObject, 8 at a time, connections kept). */
    coldGatewayMBps: number
    coldRatioToGateway: number
    /** Segments new to the cache of an nginx-s3 that has been running (connections open, grant cached). */
    coldRunningMBps: number
    coldRunningRatioToGateway: number
    /** Through nginx-s3.conf with the media cache off (proxied, buffered, no cache file): nginx's own floor, grant checked and not. */
    coldProxiedMBps: number
    coldProxiedRatioToGateway: number
    coldProxiedNoGrantMBps: number
    coldProxiedNoGrantRatioToGateway: number
    /** Cached-cold against proxied-no-cache (both with the grant check): what the cache file costs. */
    coldRatioToProxied: number
    warmS3MBps: number
    warmDiskMBps: number
    warmRatio: number
    warmCacheHits: number
  }
  uploads: {
    megabytes: number
    tusMBps: number
    sdkMBps: number
    ratio: number
    /** The SDK with one part in flight, and that as a ratio to its default 4 (reported). */
    sdkOneAtATimeMBps: number
    sdkOneAtATimeRatio: number
    /** tus with each chunk written to the socket whole (as a browser sends it), and its ratio to the SDK (reported). */
    tusWholeChunksMBps: number
    tusWholeChunksRatio: number
  }
  /** Every round, for the note: cold through nginx's cache, nginx without cache (grant, no grant), the gateway's GetObject; tus against the SDK (MB/s). */
  rounds: { cold: Array<{ nginx: number; running: number; proxied: number; proxiedNoGrant: number; gateway: number }>; uploads: Array<{ tus: number; sdk: number; sdkOneAtATime: number; tusWholeChunks: number }> }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000)

/** GETs `paths` against `origin`: once each, `parallel` at a time; answers MB/s and the X-Cache-Status seen. */
async function fetchOnce(origin: string, paths: string[], parallel: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel })
  let next = 0
  let bytes = 0
  const statuses: string[] = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < paths.length) {
        const answer = await get(origin, paths[next++]!, agent)
        bytes += answer.bytes
        statuses.push(answer.cache)
      }
    }),
  )
  agent.destroy()
  return { mbPerSecond: mbps(bytes, performance.now() - started), statuses }
}

/** `connections` clients GET the paths in turn for `seconds`; answers MB/s and the share of cache hits. */
async function loadFor(origin: string, paths: string[], seconds: number, connections = 16) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  let bytes = 0
  let hits = 0
  let requests = 0
  let i = 0
  const until = Date.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const answer = await get(origin, paths[i++ % paths.length]!, agent)
        bytes += answer.bytes
        requests++
        if (answer.cache === 'HIT') hits++
      }
    }),
  )
  agent.destroy()
  return { mbPerSecond: mbps(bytes, performance.now() - started), hitShare: hits / requests }
}

function get(origin: string, pathAndQuery: string, agent: http.Agent): Promise<{ bytes: number; cache: string }> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: pathAndQuery, agent }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => (res.statusCode === 200 && bytes === SEGMENT_BYTES ? resolve({ bytes, cache: String(res.headers['x-cache-status'] ?? '') }) : reject(new Error(`${origin}${pathAndQuery}: ${res.statusCode}, ${bytes} bytes`))))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

export async function runMediaS3Bench(): Promise<MediaS3BenchResult | { skipped: string }> {
  const missing = cephMissing() ?? (nginxAvailable() ? undefined : 'nginx is not installed (apt-get install nginx)')
  if (missing) return { skipped: missing }
  const gateway = await startCeph()
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-s3-'))
  fs.chmodSync(work, 0o755) // nginx's workers read DATA_DIR/media (the disk side)
  const settings: S3Settings = {
    kind: 's3', endpoint: gateway.endpoint, bucket: `bench-${crypto.randomBytes(6).toString('hex')}`, region: gateway.region,
    accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey, forcePathStyle: true, mediaOriginPublic: true,
  }
  const client = new S3Client(s3ClientConfig(settings))
  const nginxes: RunningNginx[] = []
  let server: Awaited<ReturnType<typeof startChildServer<AppServerInfo>>> | undefined
  try {
    // The same 1 MB segments in the bucket (as the worker stores a ladder) and in DATA_DIR/media.
    await prepareBucket(client, settings.bucket, () => {}, { mediaOriginPublic: true })
    const dataDir = path.join(work, 'data')
    const mediaKey = newMediaKey()
    const folder = path.join(work, 'ladder', mediaKey)
    fs.mkdirSync(path.join(folder, 'v720p'), { recursive: true })
    // SEGMENTS for the fresh nginxes, the disk side and the warm load, then SEGMENTS more for each round
    // of the running nginx-s3 (each round's set new to its cache).
    const allNames = Array.from({ length: SEGMENTS * (1 + ROUNDS) }, (_, i) => `seg_${String(i).padStart(3, '0')}.m4s`)
    const names = allNames.slice(0, SEGMENTS)
    for (const name of allNames) fs.writeFileSync(path.join(folder, 'v720p', name), crypto.randomBytes(SEGMENT_BYTES))
    fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true, mode: 0o755 })
    fs.cpSync(folder, path.join(dataDir, 'media', mediaKey), { recursive: true })
    await createS3Store(settings, client).putDir(`media/${mediaKey}`, folder, ladderFileOptions)
    server = await startChildServer<AppServerInfo>('app-server.ts', {
      BENCH_DATA_DIR: dataDir,
      BENCH_MEDIA_KEY: mediaKey,
      BENCH_ADMIN: '1',
      BENCH_LOG_LEVEL: 'warn',
      BENCH_CONFIG_ENV: JSON.stringify({
        MEDIA_STORE: 's3', S3_ENDPOINT: settings.endpoint, S3_BUCKET: settings.bucket, S3_REGION: settings.region, S3_ACCESS_KEY_ID: settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: settings.secretAccessKey, S3_FORCE_PATH_STYLE: 'true', S3_MEDIA_ORIGIN_PUBLIC: 'true', MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '1',
      }),
    })
    const { hlsUrl, base: api, token, origin } = server.info
    const pathOf = (name: string) => hlsUrl.replace('master.m3u8', `v720p/${name}`)
    const paths = names.map(pathOf)
    const apiPorts = [Number(new URL(origin).port)]
    const bucket = { origin: new URL(settings.endpoint!).host, name: settings.bucket }

    const disk = await startNginx({ dir: path.join(work, 'disk'), dataDir, apiPorts })
    nginxes.push(disk)
    await fetchOnce(disk.url, paths, 8) // the page cache warm for the disk side from the start
    // The floors of the cold path: nginx-s3.conf with the media cache off (the bytes only proxied through
    // nginx's buffers, no cache file), with the grant check and without it; fresh each round as the cached one.
    const noCache = (text: string, file: string) => (file === 'dehieu-bucket-origin.conf' ? text.replace(/^proxy_cache dehieu_media;$/m, 'proxy_cache off;') : text)
    const noGrant = (text: string, file: 'nginx.conf' | 'dehieu-bucket-origin.conf') => noCache(text, file).replace(/^\s*auth_request \/_dehieu\/media-grant;$/m, '')
    // "Cold" as a learner meets it: nginx-s3 running for a while (its connections to the gateway and the
    // API open, the grant checked), the segments not yet in its cache. Warmed on other segments first.
    const running = await startNginx({ dir: path.join(work, 's3-running'), dataDir, apiPorts, bucket })
    nginxes.push(running)
    await fetchOnce(running.url, paths.slice(0, 8), 8)
    const gatewayPaths = names.map((name) => `/${settings.bucket}/media/${mediaKey}/v720p/${name}`)
    const rounds: Array<{ coldS3: number; coldRunning: number; coldDisk: number; coldGateway: number; coldProxied: number; coldProxiedNoGrant: number; warmS3: number; warmDisk: number; hitShare: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const s3 = await startNginx({ dir: path.join(work, `s3-${round}`), dataDir, apiPorts, bucket })
      const proxied = await startNginx({ dir: path.join(work, `proxied-${round}`), dataDir, apiPorts, bucket, rewrite: noCache })
      const proxiedNoGrant = await startNginx({ dir: path.join(work, `proxied-no-grant-${round}`), dataDir, apiPorts, bucket, rewrite: noGrant })
      nginxes.push(s3, proxied, proxiedNoGrant)
      const cold: Record<'s3' | 'running' | 'disk' | 'gateway' | 'proxied' | 'proxiedNoGrant', { mbPerSecond: number; statuses: string[] }> = {} as never
      const sides = [
        ['s3', () => fetchOnce(s3.url, paths, 8)],
        ['running', () => fetchOnce(running.url, allNames.slice(SEGMENTS * (round + 1), SEGMENTS * (round + 2)).map(pathOf), 8)],
        ['gateway', () => fetchOnce(settings.endpoint!, gatewayPaths, 8)],
        ['proxied', () => fetchOnce(proxied.url, paths, 8)],
        ['proxiedNoGrant', () => fetchOnce(proxiedNoGrant.url, paths, 8)],
        ['disk', () => fetchOnce(disk.url, paths, 8)],
      ] as const
      // Each round starts from another side: none is always first or always last.
      for (let i = 0; i < sides.length; i++) {
        const [name, run] = sides[(i + round * 2) % sides.length]!
        cold[name] = await run()
      }
      for (const side of [cold.s3, cold.running]) {
        if (side.statuses.some((status) => status !== 'MISS')) throw new Error(`a cold round saw cache states ${[...new Set(side.statuses)].join(', ')}`)
      }
      for (const side of [cold.proxied, cold.proxiedNoGrant]) {
        if (side.statuses.some((status) => status !== '')) throw new Error(`nginx with its media cache off answered cache states ${[...new Set(side.statuses)].join(', ')}`)
      }
      const diskFirst = round % 2 === 1
      const warmDisk0 = diskFirst ? await loadFor(disk.url, paths, SECONDS) : undefined
      const warm = await loadFor(s3.url, paths, SECONDS)
      const warmDisk = warmDisk0 ?? (await loadFor(disk.url, paths, SECONDS))
      rounds.push({
        coldS3: cold.s3.mbPerSecond, coldRunning: cold.running.mbPerSecond, coldDisk: cold.disk.mbPerSecond, coldGateway: cold.gateway.mbPerSecond, coldProxied: cold.proxied.mbPerSecond,
        coldProxiedNoGrant: cold.proxiedNoGrant.mbPerSecond, warmS3: warm.mbPerSecond, warmDisk: warmDisk.mbPerSecond, hitShare: warm.hitShare,
      })
      for (const side of [s3, proxied, proxiedNoGrant]) await side.stop()
      nginxes.splice(nginxes.indexOf(s3), 3)
    }

    // Uploads: ours through tus into the bucket, against the SDK's own multipart upload.
    const data = crypto.randomBytes(UPLOAD_BYTES)
    const uploadRounds: Array<{ tus: number; sdk: number; sdkOneAtATime: number; tusWholeChunks: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const created = await fetch(`${api}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ submission: { title: 'bench', proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true } }),
      })
      if (!created.ok) throw new Error(`POST /submissions: ${created.status} ${await created.text()}`)
      const { data: submission } = (await created.json()) as { data: { id: number } }
      const sdkKey = `bench/sdk-${round}`
      const timeSdk = async (queueSize = 4) => {
        const started = performance.now()
        await new Upload({ client, params: { Bucket: settings.bucket, Key: sdkKey, Body: data }, partSize: SDK_PART_BYTES, queueSize }).done()
        return performance.now() - started
      }
      const timeTus = async (wholeChunkWrites = false, submissionId = submission.id) => {
        const started = performance.now()
        await tusUpload({ endpoint: `${api}/uploads`, token, data, submissionId, chunkSize: UPLOAD_CHUNK_BYTES, wholeChunkWrites }).done
        return performance.now() - started
      }
      const sdkFirst = round % 2 === 1
      const sdk0 = sdkFirst ? await timeSdk() : undefined
      const tusMs = await timeTus()
      const sdkMs = sdk0 ?? (await timeSdk())
      // Reported, not the goal: the SDK one part at a time, what the gateway takes over one stream (what
      // a PATCH whose parts went to the bucket as they arrive could reach at most).
      const sdkSerialMs = await timeSdk(1)
      // Reported: the same tus upload with each chunk given to the socket whole, as a browser sends it.
      const again = await fetch(`${api}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ submission: { title: 'bench', proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true } }),
      })
      const tusWholeMs = await timeTus(true, ((await again.json()) as { data: { id: number } }).data.id)
      uploadRounds.push({ tus: mbps(UPLOAD_BYTES, tusMs), sdk: mbps(UPLOAD_BYTES, sdkMs), sdkOneAtATime: mbps(UPLOAD_BYTES, sdkSerialMs), tusWholeChunks: mbps(UPLOAD_BYTES, tusWholeMs) })
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: sdkKey }))
    }

    return {
      segments: {
        coldS3MBps: median(rounds.map((r) => r.coldS3)),
        coldDiskMBps: median(rounds.map((r) => r.coldDisk)),
        coldRatio: median(rounds.map((r) => r.coldS3 / r.coldDisk)),
        coldGatewayMBps: median(rounds.map((r) => r.coldGateway)),
        coldRatioToGateway: median(rounds.map((r) => r.coldS3 / r.coldGateway)),
        coldRunningMBps: median(rounds.map((r) => r.coldRunning)),
        coldRunningRatioToGateway: median(rounds.map((r) => r.coldRunning / r.coldGateway)),
        coldProxiedMBps: median(rounds.map((r) => r.coldProxied)),
        coldProxiedRatioToGateway: median(rounds.map((r) => r.coldProxied / r.coldGateway)),
        coldProxiedNoGrantMBps: median(rounds.map((r) => r.coldProxiedNoGrant)),
        coldProxiedNoGrantRatioToGateway: median(rounds.map((r) => r.coldProxiedNoGrant / r.coldGateway)),
        coldRatioToProxied: median(rounds.map((r) => r.coldS3 / r.coldProxied)),
        warmS3MBps: median(rounds.map((r) => r.warmS3)),
        warmDiskMBps: median(rounds.map((r) => r.warmDisk)),
        warmRatio: median(rounds.map((r) => r.warmS3 / r.warmDisk)),
        warmCacheHits: Math.min(...rounds.map((r) => r.hitShare)),
      },
      uploads: {
        megabytes: UPLOAD_BYTES / 1024 / 1024,
        tusMBps: median(uploadRounds.map((r) => r.tus)),
        sdkMBps: median(uploadRounds.map((r) => r.sdk)),
        ratio: median(uploadRounds.map((r) => r.tus / r.sdk)),
        sdkOneAtATimeMBps: median(uploadRounds.map((r) => r.sdkOneAtATime)),
        sdkOneAtATimeRatio: median(uploadRounds.map((r) => r.sdkOneAtATime / r.sdk)),
        tusWholeChunksMBps: median(uploadRounds.map((r) => r.tusWholeChunks)),
        tusWholeChunksRatio: median(uploadRounds.map((r) => r.tusWholeChunks / r.sdk)),
      },
      rounds: {
        cold: rounds.map((r) => ({ nginx: r.coldS3, running: r.coldRunning, proxied: r.coldProxied, proxiedNoGrant: r.coldProxiedNoGrant, gateway: r.coldGateway })),
        uploads: uploadRounds,
      },
    }
  } finally {
    for (const nginx of nginxes) await nginx.stop()
    await server?.stop()
    client.destroy()
    await gateway.stop()
    fs.rmSync(work, { recursive: true, force: true })
  }
}
