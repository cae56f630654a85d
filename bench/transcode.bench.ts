/**
 * Transcode wall time: our processing job (ffprobe, the HLS ladder, init renames, poster, SQLite
 * progress) on the real app, against a bare ffmpeg run of the same ladder on the same 20 s 720p source,
 * in this same run. The job is timed from its start to its finish as the queue reports them.
 * Goal: ratio ≤ 1.1.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateTestVideo, hlsLadderArgs, probeVideo, runFfmpeg } from '../sync-server/src/media/ffmpeg.ts'
import { signIn, startTestServer } from '../sync-server/test-support/test-server.ts'
import { tusUpload } from '../sync-server/test-support/tus-upload.ts'

const SOURCE_SECONDS = 20
const RUNS = 2

export interface TranscodeBenchResult {
  sourceSeconds: number
  bareFfmpegMs: number
  jobMs: number
  ratio: number
  realTimeFactor: number
  goalMet: boolean
}

export async function runTranscodeBench(): Promise<TranscodeBenchResult> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-transcode-bench-'))
  try {
    const source = path.join(scratch, 'source.mp4')
    await generateTestVideo({ out: source, seconds: SOURCE_SECONDS, width: 1280, height: 720, preset: 'veryfast' })

    const probe = await probeVideo(source)
    if (!probe.ok) throw new Error(probe.reason)
    const app = await startTestServer({ checkAnswers: false, env: { ADMIN_EMAILS: 'bench@example.com' } })
    let bareFfmpegMs = Infinity
    let jobMs = Infinity
    try {
      const { token } = await signIn(app, 'bench@example.com')
      const bytes = fs.readFileSync(source)
      // Alternately, best of RUNS each, so machine noise falls on both sides alike.
      for (let i = 0; i < RUNS; i++) {
        // Bare ffmpeg: the same ladder arguments, run from an empty folder.
        const bareOut = path.join(scratch, `bare-${i}`)
        fs.mkdirSync(bareOut)
        const bareStarted = performance.now()
        await runFfmpeg(hlsLadderArgs(source, probe.video), { cwd: bareOut, timeoutMs: 600_000 })
        bareFfmpegMs = Math.min(bareFfmpegMs, performance.now() - bareStarted)
        fs.rmSync(bareOut, { recursive: true, force: true })

        // Ours: upload the file (not timed), then time the job the upload enqueued.
        const created = await fetch(`${app.api}/submissions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ submission: { title: 'bench', proficiency_level: 'beginner', language_code: 'vi', release_confirmed: true } }),
        })
        const { data: ticket } = (await created.json()) as { data: { id: number } }
        let started = 0
        app.ctx.jobs.events.once('started', () => (started = performance.now()))
        const finished = new Promise<number>((resolve) => app.ctx.jobs.events.once('finished', () => resolve(performance.now())))
        await tusUpload({ endpoint: `${app.api}/uploads`, token, data: bytes, submissionId: ticket.id }).done
        jobMs = Math.min(jobMs, (await finished) - started)
        const { processing_state: state } = await app.ctx.database.db
          .selectFrom('submissions')
          .select('processing_state')
          .where('id', '=', ticket.id)
          .executeTakeFirstOrThrow()
        if (state !== 'ready') throw new Error(`the job ended with processing ${state}`)
      }
    } finally {
      await app.close()
    }
    const ratio = jobMs / bareFfmpegMs
    return {
      sourceSeconds: SOURCE_SECONDS,
      bareFfmpegMs,
      jobMs,
      ratio,
      realTimeFactor: SOURCE_SECONDS / (jobMs / 1000),
      goalMet: ratio <= 1.1,
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runTranscodeBench()
  console.log(`## transcode, ${result.sourceSeconds} s of 720p into the 720p + 360p HLS ladder`)
  console.log(`  bare ffmpeg        ${(result.bareFfmpegMs / 1000).toFixed(2)} s`)
  console.log(`  Dễ Hiểu job        ${(result.jobMs / 1000).toFixed(2)} s (${result.realTimeFactor.toFixed(2)}× real time)`)
  console.log(`  ratio to bare ffmpeg: ${result.ratio.toFixed(2)} (goal ≤ 1.10): ${result.goalMet ? 'met' : 'NOT met'}`)
}
