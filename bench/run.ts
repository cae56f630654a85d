/**
 * `npm run bench`: every benchmark runs its baseline in the same run and prints the ratio, so a noisy
 * machine moves both sides alike. Results are also written to bench/results/latest.json.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runApiBench, runApiPostgresBench } from './api-daily-progress.bench.ts'
import { runWatchEventsBench } from './watch-events.bench.ts'
import { runMediaBench } from './media-segments.bench.ts'
import { runMediaS3Bench } from './media-s3.bench.ts'
import { runAdminListsBench } from './admin-lists.bench.ts'
import { runTranscodeBench } from './transcode.bench.ts'
import { runTusBench } from './tus-upload.bench.ts'
import { printCaptionWrites, runCaptionWritesBench } from './caption-writes.bench.ts'
import { DOWNLOAD_GOAL, runDownloadsBench } from './downloads.bench.ts'
import { runLieFiFlushBench, runOutboxFlushBench } from './outbox-flush.bench.ts'
import { runScaleBench } from './scale.bench.ts'
import { runCatalogueSearchBench } from './catalogue-search.bench.ts'
import { DIFFICULTY_GOAL_P99_MS, runDifficultyBench, type DifficultyEngineResult } from './difficulty.bench.ts'
import { runPlayerBench } from './player.bench.ts'
import { runPhoneBench } from './phone.bench.ts'
import { runLongTasksBench } from './long-tasks.bench.ts'
import { runServerStartBench } from './server-start.bench.ts'
import { runCardsBench } from './cards.bench.ts'
import { runWordsBench } from './words.bench.ts'
import { runReviewBench } from './review.bench.ts'
import { runKnownShareBench } from './known-share.bench.ts'
import { runKnownSharePageBench } from './known-share-page.bench.ts'
import { runKnownShareQueryBench } from './known-share-query.bench.ts'
import { runStudioBench } from './studio.bench.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

async function main() {
  const only = process.argv[2]
  const results: Record<string, unknown> = {}

  if (!only || only === 'api') {
    console.log('\n## GET /api/v1/me/daily_progress (autocannon, 50 connections, 10 s each; 2 rounds alternating, the better of each)')
    const api = await runApiBench()
    results.api = api
    console.log(`  bare node:http     ${fmt(api.nodeHttp.requestsPerSecond)} req/s   p99 ${api.nodeHttp.p99Ms} ms`)
    console.log(`  bare Express 5     ${fmt(api.bareExpress.requestsPerSecond)} req/s   p99 ${api.bareExpress.p99Ms} ms`)
    console.log(`  bare Express 5 + the same SQLite read (floor)   ${fmt(api.bareSqlite.requestsPerSecond)} req/s   p99 ${api.bareSqlite.p99Ms} ms`)
    console.log(`  Dễ Hiểu server     ${fmt(api.app.requestsPerSecond)} req/s   p99 ${api.app.p99Ms} ms`)
    console.log(`  ratio to bare Express: ${fmt(api.ratioToExpress, 2)} (goal ≥ 0.70, p99 < 25 ms): ${api.goalMet ? 'met' : 'NOT met'}`)
    console.log(`  ratio to the SQLite floor: ${fmt(api.ratioToSqliteFloor, 2)}; to bare node:http: ${fmt(api.ratioToNodeHttp, 2)} (reported, not targeted)`)
    const pgApi = await runApiPostgresBench()
    results.apiPostgres = pgApi
    if (!pgApi.app) console.log(`  PostgreSQL ${pgApi.postgres}`)
    else {
      console.log(`  on ${pgApi.postgres}:`)
      console.log(`  bare Express 5, same lookup on the same database   ${fmt(pgApi.bareExpress!.requestsPerSecond)} req/s   p99 ${pgApi.bareExpress!.p99Ms} ms`)
      console.log(`  Dễ Hiểu server on PostgreSQL (DATABASE_URL)        ${fmt(pgApi.app.requestsPerSecond)} req/s   p99 ${pgApi.app.p99Ms} ms`)
      console.log(`  ratio to bare Express: ${fmt(pgApi.ratioToExpress!, 2)} (goal ≥ 0.70, p99 < 25 ms): ${pgApi.goalMet ? 'met' : 'NOT met'}`)
    }
  }

  if (!only || only === 'start') {
    console.log('\n## One API process: spawn to the first 200 from /health, and resident memory after 20 requests (built dist/server vs tsx; 5 rounds alternating, medians)')
    const start = await runServerStartBench()
    results.serverStart = start
    console.log(`  built (node dist/server/main.js)     ${fmt(start.built.ms)} ms   RSS ${fmt(start.built.rssMb)} MB`)
    console.log(`  tsx (node --import tsx …/main.ts)    ${fmt(start.tsx.ms)} ms   RSS ${fmt(start.tsx.rssMb)} MB`)
    console.log(`  built / tsx: start ${fmt(start.startRatio, 2)}, memory ${fmt(start.rssRatio, 2)}`)
  }

  if (!only || only === 'watch') {
    console.log('\n## POST /api/v1/watch_events ingest (batches of 500, UUIDv7 ids, warm, 7 rounds, median of the per-round ratios)')
    const watch = await runWatchEventsBench()
    results.watchEvents = watch
    console.log(`  raw better-sqlite3 inserts   ${fmt(watch.rawSqliteEventsPerSecond)} events/s`)
    console.log(`  bare Express route that only inserts (reference)   ${fmt(watch.bareExpressInsertEventsPerSecond)} events/s = ${fmt(watch.bareExpressRatio, 2)} of raw`)
    console.log(`  Dễ Hiểu server (HTTP, rules, day totals, progress)   ${fmt(watch.serverEventsPerSecond)} events/s`)
    console.log(`  ratio: ${fmt(watch.ratio, 2)} (goal ≥ 0.60): ${watch.goalMet ? 'met' : 'NOT met'}`)
    if (watch.rawPostgresEventsPerSecond === null) console.log(`  PostgreSQL ${watch.postgres}`)
    else {
      console.log(`  on ${watch.postgres}, not the tests' fsync=off:`)
      console.log(`  raw pg multi-row insert of the same batches   ${fmt(watch.rawPostgresEventsPerSecond)} events/s`)
      console.log(`  Dễ Hiểu server on PostgreSQL (DATABASE_URL; HTTP, rules, day totals, progress)   ${fmt(watch.postgresServerEventsPerSecond!)} events/s`)
      console.log(`  ratio: ${fmt(watch.postgresRatio!, 2)} (goal ≥ 0.50): ${watch.postgresGoalMet ? 'met' : 'NOT met'}`)
    }
  }

  if (!only || only === 'catalogue') {
    console.log('\n## GET /languages/CODE/videos filter shapes (repository query, warm; 10,000 videos, 200,000 caption cues)')
    const catalogue = await runCatalogueSearchBench()
    results.catalogue = catalogue
    for (const run of catalogue) {
      console.log(`  ${run.engine} (${fmt(run.videos)} videos, ${fmt(run.cues)} cues)`)
      for (const shape of run.shapes) {
        console.log(`    ${shape.name.padEnd(32)} ${fmt(shape.ms, 3)} ms  ${fmt(shape.ratio, 2)}× the first page  ${shape.rows} rows`)
        console.log(`      plan: ${shape.plan}`)
      }
    }
  }

  if (!only || only === 'media') {
    console.log('\n## HLS segments, 1 MB each (wrk, 32 connections, 10 s each)')
    const media = await runMediaBench()
    results.media = media
    if (media.skipped && media.appMBps === 0) {
      console.log(`  skipped: ${media.skipped}`)
    } else {
      console.log(`  bare node:http file stream   ${fmt(media.bareNodeMBps)} MB/s (reference)`)
      console.log(`  Dễ Hiểu media server (grant checked)   ${fmt(media.appMBps)} MB/s`)
      if (media.nginxMBps === null) console.log(`  nginx side skipped: ${media.skipped}`)
      else {
        console.log(`  nginx   ${fmt(media.nginxMBps)} MB/s`)
        console.log(`  ratio to nginx: ${fmt(media.ratioToNginx!, 2)} (goal ≥ 0.35): ${media.ratioToNginx! >= 0.35 ? 'met' : 'NOT met'}`)
      }
    }
  }

  // `media-s3` runs this one alone (the bucket's Ceph is started for it).
  if (!only || only === 'media' || only === 'media-s3') {
    console.log('\n## Media in a bucket (throwaway Ceph radosgw 16): segments through nginx-s3.conf against nginx.conf from disk; tus into the bucket (the API in its own process) against the AWS SDK')
    const s3 = await runMediaS3Bench()
    results.mediaS3 = s3
    if ('skipped' in s3) console.log(`  skipped: ${s3.skipped}`)
    else {
      const { segments, uploads } = s3
      console.log(`  1 MB segments, cold (fresh nginx cache, each once, 8 at a time): bucket via nginx cache ${fmt(segments.coldS3MBps)} MB/s, nginx from disk ${fmt(segments.coldDiskMBps)} MB/s, ratio ${fmt(segments.coldRatio, 2)}; the gateway's own GetObject (the floor) ${fmt(segments.coldGatewayMBps)} MB/s, ratio to it ${fmt(segments.coldRatioToGateway, 2)} (goal ≥ 0.80)`)
      console.log(`  cold on a running nginx-s3 (segments new to its cache; connections open, grant cached): ${fmt(segments.coldRunningMBps)} MB/s, ratio to the gateway ${fmt(segments.coldRunningRatioToGateway, 2)} (goal ≥ 0.80)`)
      console.log(`  cold floors beneath the cache: nginx-s3.conf with the media cache off (proxied, buffered) ${fmt(segments.coldProxiedMBps)} MB/s with the grant check, ratio to the gateway ${fmt(segments.coldProxiedRatioToGateway, 2)}; ${fmt(segments.coldProxiedNoGrantMBps)} MB/s without it, ratio ${fmt(segments.coldProxiedNoGrantRatioToGateway, 2)}; cached-cold to proxied-with-grant ${fmt(segments.coldRatioToProxied, 2)}`)
      console.log(`  1 MB segments, warm (all cached, 16 connections): bucket via nginx cache ${fmt(segments.warmS3MBps)} MB/s, nginx from disk ${fmt(segments.warmDiskMBps)} MB/s, ratio ${fmt(segments.warmRatio, 2)} (cache hits ${fmt(segments.warmCacheHits * 100)}%)`)
      console.log(`  upload ${fmt(uploads.megabytes)} MB: ours through tus into the bucket ${fmt(uploads.tusMBps, 1)} MB/s, AWS SDK multipart (8 MiB × 4) ${fmt(uploads.sdkMBps, 1)} MB/s, ratio ${fmt(uploads.ratio, 2)} (goal ≥ 0.80); the SDK one part at a time ${fmt(uploads.sdkOneAtATimeMBps, 1)} MB/s, ${fmt(uploads.sdkOneAtATimeRatio, 2)} of its 4; tus with whole-chunk writes (as a browser sends) ${fmt(uploads.tusWholeChunksMBps, 1)} MB/s, ${fmt(uploads.tusWholeChunksRatio, 2)} of the SDK (both reported)`)
      console.log(`  rounds, cold fresh nginx cache / running nginx cache / fresh nginx no cache (grant) / (no grant) / gateway MB/s: ${s3.rounds.cold.map((r) => `${fmt(r.nginx)} / ${fmt(r.running)} / ${fmt(r.proxied)} / ${fmt(r.proxiedNoGrant)} / ${fmt(r.gateway)}`).join(', ')}; upload tus / SDK / SDK one part at a time / tus whole-chunk writes MB/s: ${s3.rounds.uploads.map((r) => `${fmt(r.tus, 1)} / ${fmt(r.sdk, 1)} / ${fmt(r.sdkOneAtATime, 1)} / ${fmt(r.tusWholeChunks, 1)}`).join(', ')}`)
    }
  }

  if (!only || only === 'uploads') {
    console.log('\n## tus uploads, 200 MB over loopback with tus-js-client (ours in UPLOAD_CHUNK_BYTES chunks, best of 4)')
    const tus = await runTusBench()
    results.tus = tus
    console.log(`  raw disk write          ${fmt(tus.rawDiskMBps)} MB/s (reported)`)
    console.log(`  bare @tus/server        ${fmt(tus.bareTusMBps)} MB/s`)
    console.log(`  Dễ Hiểu /api/v1/uploads (auth + ownership on every request)   ${fmt(tus.oursMBps)} MB/s`)
    console.log(`  ratio to bare tus: ${fmt(tus.ratioToBareTus, 2)} (goal ≥ 0.80): ${tus.goalMet ? 'met' : 'NOT met'}; to disk ${fmt(tus.ratioToDisk, 2)}`)
  }

  if (!only || only === 'captions') {
    console.log('\n## Other requests during 20 concurrent 1 MB caption uploads (4,000 cues each; goal: none waits more than about 100 ms)')
    const captions = await runCaptionWritesBench(printCaptionWrites)
    results.captionWrites = captions
    if (captions.postgresSkipped) console.log(`  PostgreSQL skipped: ${captions.postgresSkipped}`)
  }

  if (!only || only === 'transcode') {
    console.log('\n## Transcoding 20 s of 720p to the 360p + 720p ladder (best of 2)')
    const transcode = await runTranscodeBench()
    results.transcode = transcode
    console.log(`  bare ffmpeg, same ladder   ${fmt(transcode.bareFfmpegMs)} ms`)
    console.log(`  our durable job            ${fmt(transcode.jobMs)} ms (${fmt(transcode.realTimeFactor, 2)}x real time)`)
    console.log(`  ratio: ${fmt(transcode.ratio, 2)} (goal ≤ 1.10): ${transcode.goalMet ? 'met' : 'NOT met'}`)
  }

  if (!only || only === 'admin') {
    console.log('\n## Admin lists over 100,000 users, feedback and videos (autocannon, 10 connections, 5 s each)')
    const admin = await runAdminListsBench()
    results.adminLists = admin
    for (const list of admin.lists) {
      console.log(`  ${list.name.padEnd(30)} ${fmt(list.requestsPerSecond)} req/s   p99 ${list.p99Ms} ms   (raw SQLite: ${fmt(list.rawQueriesPerSecond)} queries/s)`)
    }
  }

  if (!only || only === 'difficulty') {
    console.log('\n## The catalogue sorted by difficulty: 5,000 videos, 1,000,000 ratings (autocannon, 10 connections, 5 s each)')
    const difficulty = await runDifficultyBench()
    results.difficulty = difficulty
    const report = (engine: DifficultyEngineResult) => {
      console.log(`  ${engine.engine}: seeded in ${fmt(engine.seedMs / 1000, 1)} s; plan: ${engine.plan}`)
      console.log(`  raw: the three queries in one process   ${fmt(engine.rawPagesPerSecond)} pages/s`)
      console.log(`  ${engine.baseline.name.padEnd(36)} ${fmt(engine.baseline.requestsPerSecond)} req/s   p99 ${engine.baseline.p99Ms} ms`)
      for (const list of engine.cases) console.log(`  ${list.name.padEnd(36)} ${fmt(list.requestsPerSecond)} req/s   p99 ${list.p99Ms} ms`)
      const first = engine.cases[0]!
      console.log(`  first page p99 ${first.p99Ms} ms (goal < ${DIFFICULTY_GOAL_P99_MS} ms): ${engine.goalMet ? 'met' : 'NOT met'}; ${fmt(first.requestsPerSecond / engine.baseline.requestsPerSecond, 2)} of the bare route's req/s`)
    }
    report(difficulty.sqlite)
    if ('skipped' in difficulty.postgres) console.log(`  PostgreSQL skipped: ${difficulty.postgres.skipped}`)
    else report(difficulty.postgres)
  }

  if (!only || only === 'flush') {
    console.log('\n## The browser flushing 10,000 queued watch events (needs npm run build)')
    const flush = await runOutboxFlushBench()
    results.outboxFlush = flush
    console.log(`  ${fmt(flush.events)} events flushed in ${fmt(flush.flushMs)} ms (${fmt(flush.eventsPerSecond)} events/s), ${fmt(flush.storedOnServer)} stored`)
    console.log(`  goal < 5,000 ms: ${flush.goalMet ? 'met' : 'NOT met'}`)
    console.log('\n## Lie-fi: the server stops answering while the browser says online, then answers again')
    const lieFi = await runLieFiFlushBench()
    results.outboxFlushLieFi = lieFi
    console.log(`  ${fmt(lieFi.events)} queued events drained ${fmt(lieFi.drainMs)} ms after the network answered again (first answer after ${fmt(lieFi.firstAnswerMs)} ms, queue sent after ${fmt(lieFi.firstSendMs)} ms; ${fmt(lieFi.unansweredRequests)} requests unanswered in the tunnel), ${fmt(lieFi.storedOnServer)} stored`)
    console.log(`  goal < 3,000 ms: ${lieFi.goalMet ? 'met' : 'NOT met'}`)
  }

  if (!only || only === 'downloads') {
    console.log('\n## Offline downloads in Chromium (needs npm run build)')
    const download = await runDownloadsBench()
    results.downloads = download
    const mb = (download.bytes / 1024 / 1024).toFixed(1)
    console.log(`  one plain request for the same ${mb} MB, stored nowhere   ${fmt(download.plainFetchMs)} ms`)
    console.log(`  the download's ${download.parts} part requests, side by side, stored nowhere   ${fmt(download.partsFetchMs)} ms = ${fmt(download.partsFetchMs / download.plainFetchMs, 2)} of the plain request`)
    console.log(`  the same bytes in 2 parts, side by side, stored nowhere (reference)   ${fmt(download.twoPartsFetchMs)} ms = ${fmt(download.twoPartsFetchMs / download.plainFetchMs, 2)} of the plain request`)
    console.log(`  floor: the same bytes in one request put straight into Cache Storage, no app   ${fmt(download.bareCachePutMs)} ms = ${fmt(download.bareCachePutMs / download.plainFetchMs, 2)} of the plain request`)
    console.log(`  the download's ${download.parts} part requests, each put straight into Cache Storage, side by side, no app   ${fmt(download.partsCachePutMs)} ms = ${fmt(download.partsCachePutMs / download.bareCachePutMs, 2)} of the floor`)
    console.log(`  download of a 5-minute video (every segment into Cache Storage, in parts)   ${fmt(download.downloadMs)} ms = ${fmt(download.ratio, 2)} of the plain request (earlier goal ≤ 1.30)`)
    console.log(`  ratio to the floor: ${fmt(download.ratioToFloor, 2)} (goal ≤ ${fmt(DOWNLOAD_GOAL, 2)}): ${download.ratioToFloor <= DOWNLOAD_GOAL ? 'met' : 'NOT met'}`)
    console.log(`  offline cold start of the installed app to first content: ${fmt(download.offlineColdStartMs)} ms (goal < 1000)`)
  }

  if (!only || only === 'scale') {
    console.log('\n## Scale-out through nginx on PostgreSQL (50 connections, 6 s per side, 3 rounds alternating, median; deploy/nginx.conf)')
    const scale = await runScaleBench()
    results.scale = scale
    if (!('reads' in scale)) console.log(`  skipped: ${scale.skipped}`)
    else {
      const side = (name: string, s: typeof scale.reads.oneProcess) =>
        console.log(`  ${name}   ${fmt(s.requestsPerSecond)} req/s   p99 ${s.p99Ms} ms   CPU per request: API ${fmt(s.apiCpuMs, 3)} ms, PostgreSQL ${fmt(s.postgresCpuMs, 3)} ms, nginx ${fmt(s.nginxCpuMs, 3)} ms`)
      console.log('  GET /me/daily_progress, signed in:')
      side('1 API process ', scale.reads.oneProcess)
      side('2 API processes', scale.reads.twoProcesses)
      side('POST /watch_events, one new event a request, 2 API processes', scale.watchEvents)
      console.log(`  factor (median of the rounds): ${fmt(scale.reads.factor, 2)} on ${scale.cores} cores (load generator, nginx and PostgreSQL share them)`)
      console.log(`  1 MB HLS segments: nginx after our grant check (auth_request, cached per grant)   ${fmt(scale.segments.acceleratedMBps)} MB/s   CPU per segment: API ${fmt(scale.segments.apiCpuMsPerSegment, 3)} ms, nginx ${fmt(scale.segments.nginxCpuMsPerSegment, 3)} ms`)
      console.log(`  nginx serving the same files alone   ${fmt(scale.segments.nginxAloneMBps)} MB/s`)
      console.log(`  ratio: ${fmt(scale.segments.ratio, 2)} (goal ≥ 0.80): ${scale.segments.goalMet ? 'met' : 'NOT met'}`)
      if (scale.skipped) console.log(`  warning: ${scale.skipped}`)
    }
  }

  // Prints its own lines.
  if (!only || only === 'cards') results.cards = await runCardsBench()

  // Both print their own lines (needs npm run build).
  if (!only || only === 'player') results.player = await runPlayerBench()
  if (!only || only === 'phone') results.phone = await runPhoneBench()
  // Not in the full run: a diagnosis (what the long tasks run), not a figure with a goal.
  if (only === 'long-tasks') results.longTasks = await runLongTasksBench()
  if (!only || only === 'words') results.words = await runWordsBench()
  // Prints its own lines.
  if (!only || only === 'words' || only === 'known-share') results.knownShare = await runKnownShareBench()
  // known_share where the goal names it: the videos page's first render (needs npm run build), and the
  // list's query alone with and without the kept sums' joins on both engines. Each also by its own name.
  if (!only || only === 'known-share' || only === 'known-share-page') results.knownSharePage = await runKnownSharePageBench()
  if (!only || only === 'known-share' || only === 'known-share-query') results.knownShareQuery = await runKnownShareQueryBench()
  if (!only || only === 'studio') results.studio = await runStudioBench()
  // Prints its own lines (needs npm run build).
  if (!only || only === 'review') results.review = await runReviewBench()

  const pwaBudgetFile = path.join(here, 'pwa-budget.ts')
  if ((!only || only === 'pwa') && fs.existsSync(pwaBudgetFile)) {
    const { runPwaBudget } = (await import(pwaBudgetFile)) as { runPwaBudget: () => Promise<unknown> }
    results.pwa = await runPwaBudget()
  }

  fs.mkdirSync(path.join(here, 'results'), { recursive: true })
  fs.writeFileSync(path.join(here, 'results', 'latest.json'), JSON.stringify(results, null, 2))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
