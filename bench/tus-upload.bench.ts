/**
 * tus upload throughput over loopback with tus-js-client, in this same run:
 * - our endpoint: the real app, bearer auth and submission ownership checked on every request, sent as
 *   the PWA sends it, in UPLOAD_CHUNK_BYTES chunks (each a PATCH with its own auth check);
 * - a bare @tus/server + FileStore on node:http, no hooks, one PATCH (tus-js-client's default);
 * - a raw streamed disk write of the same bytes (reported, not targeted).
 * Everything runs in this process, so client and server share one event loop on each side alike.
 * Goal: ours ≥ 0.8 of the bare tus server. Each is run RUNS times (ours and bare alternately); the best
 * run of each counts.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import { signIn, startTestServer } from '../sync-server/test-support/test-server.ts'
import { tusUpload } from '../sync-server/test-support/tus-upload.ts'
import { UPLOAD_CHUNK_BYTES } from '../contract/index.ts'

const SIZE = 200 * 1024 * 1024
const RUNS = 4

export interface TusBenchResult {
  megabytes: number
  chunkMegabytes: number
  oursMBps: number
  bareTusMBps: number
  rawDiskMBps: number
  ratioToBareTus: number
  ratioToDisk: number
  goalMet: boolean
}

const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000)

async function best(run: () => Promise<number>): Promise<number> {
  let fastest = Infinity
  for (let i = 0; i < RUNS; i++) fastest = Math.min(fastest, await run())
  return fastest
}

async function timeIt(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

export async function runTusBench(options: { chunkSize?: number } = {}): Promise<TusBenchResult> {
  const chunkSize = options.chunkSize ?? UPLOAD_CHUNK_BYTES
  const data = crypto.randomBytes(SIZE)
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-tus-bench-'))
  try {
    // Ours (the whole app, an admin uploading into fresh submissions) and a bare tus server (no auth,
    // no hooks) run alternately, so warm-up and machine noise fall on both alike.
    const app = await startTestServer({ checkAnswers: false, env: { ADMIN_EMAILS: 'bench@example.com' } })
    const bareDir = path.join(scratch, 'bare')
    const tus = new Server({ path: '/files', datastore: new FileStore({ directory: bareDir }) })
    const bare = http.createServer((req, res) => void tus.handle(req, res))
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    let ours = Infinity
    let bareMs = Infinity
    try {
      const { token } = await signIn(app, 'bench@example.com')
      const bareEndpoint = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/files`
      for (let i = 0; i < RUNS; i++) {
        const created = await fetch(`${app.api}/submissions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ submission: { title: 'bench', proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true } }),
        })
        const { data: ticket } = (await created.json()) as { data: { id: number } }
        ours = Math.min(ours, await timeIt(() => tusUpload({ endpoint: `${app.api}/uploads`, token, data, submissionId: ticket.id, chunkSize }).done))
        await app.ctx.jobs.whenIdle() // the random bytes fail the probe and are deleted: disk use stays flat

        bareMs = Math.min(bareMs, await timeIt(() => tusUpload({ endpoint: bareEndpoint, token: 'unused', data, submissionId: 0 }).done))
        fs.rmSync(bareDir, { recursive: true, force: true })
        fs.mkdirSync(bareDir, { recursive: true })
      }
    } finally {
      bare.closeAllConnections()
      await new Promise((resolve) => bare.close(resolve))
      await app.close()
    }

    // The disk: the same bytes streamed to a file in 64 KB chunks, as a request body would arrive.
    const diskMs = await best(async () => {
      const file = path.join(scratch, 'raw.bin')
      const chunks = function* () {
        for (let offset = 0; offset < data.length; offset += 65536) yield data.subarray(offset, offset + 65536)
      }
      const ms = await timeIt(() => pipeline(Readable.from(chunks()), fs.createWriteStream(file)))
      fs.rmSync(file, { force: true })
      return ms
    })

    const oursMBps = mbps(SIZE, ours)
    const bareTusMBps = mbps(SIZE, bareMs)
    const rawDiskMBps = mbps(SIZE, diskMs)
    return {
      megabytes: SIZE / 1024 / 1024,
      chunkMegabytes: chunkSize / 1024 / 1024,
      oursMBps,
      bareTusMBps,
      rawDiskMBps,
      ratioToBareTus: oursMBps / bareTusMBps,
      ratioToDisk: oursMBps / rawDiskMBps,
      goalMet: oursMBps / bareTusMBps >= 0.8,
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runTusBench()
  const f = (n: number) => n.toFixed(1)
  console.log(`## tus upload, ${result.megabytes} MB over loopback (tus-js-client, ours in ${result.chunkMegabytes} MB chunks, best of ${RUNS})`)
  console.log(`  raw disk write     ${f(result.rawDiskMBps)} MB/s`)
  console.log(`  bare @tus/server   ${f(result.bareTusMBps)} MB/s`)
  console.log(`  Dễ Hiểu /uploads   ${f(result.oursMBps)} MB/s`)
  console.log(`  ratio to bare tus: ${result.ratioToBareTus.toFixed(2)} (goal ≥ 0.80): ${result.goalMet ? 'met' : 'NOT met'}`)
  console.log(`  ratio to raw disk: ${result.ratioToDisk.toFixed(2)} (reported, not targeted)`)
}
