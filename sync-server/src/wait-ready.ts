/**
 * `node dist/server/wait-ready.js` (the unit's ExecStartPost, deploy/rolling-restart.sh): waits until the
 * API process on HOST:PORT answers /health/ready with 200, so systemd counts the unit started, and a
 * rolling restart moves to the next process, only once this one takes requests. Exit 0 when ready; 1 after
 * READY_WAIT_SECONDS (60) with the last answer's reason, so the operator sees why.
 */
import { API_BASE } from '../../contract/index.ts'

const host = !process.env.HOST || process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST === '::' ? '::1' : process.env.HOST
const port = Number(process.env.PORT ?? 8080)
const waitMs = Number(process.env.READY_WAIT_SECONDS ?? 60) * 1000
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${API_BASE}/health/ready`

const deadline = Date.now() + waitMs
let last: string
for (;;) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5000) })
    if (answer.status === 200) {
      console.log(`ready: ${url}`)
      process.exit(0)
    }
    const body = (await answer.json().catch(() => ({}))) as { message?: string }
    last = `${answer.status} ${body.message ?? ''}`.trim()
  } catch (error) {
    last = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message
  }
  if (Date.now() > deadline) {
    console.error(`not ready after ${waitMs / 1000} s (READY_WAIT_SECONDS): ${url}: ${last}`)
    process.exit(1)
  }
  await new Promise((resolve) => setTimeout(resolve, 250))
}
