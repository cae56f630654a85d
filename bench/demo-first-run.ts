/**
 * The first run as a newcomer has it (issue 41): `npm run serve` on an empty DATA_DIR in development
 * (the demo seeds itself), timed from the server answering /health to the first demo video published
 * and to all of them, read from GET /demo/progress, with the CPU-seconds the server spent.
 * Run: `node --import tsx bench/demo-first-run.ts [runs]` (default 1). The PWA need not be built.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const POLL_MS = 250

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answer(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    return response.ok ? await response.json() : undefined
  } catch {
    return undefined
  }
}

/** CPU-seconds of a process and its children so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
    return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) / 100
  } catch {
    return NaN
  }
}

async function run(): Promise<{ upS: number; firstS: number; allS: number; total: number; cpuS: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-demo-bench-'))
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const log: string[] = []
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')))
  try {
    const base = `http://127.0.0.1:${port}/api/v1`
    while (!(await answer(`${base}/health`))) {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${log.join('')}`)
      await sleep(POLL_MS)
    }
    const up = performance.now()
    let first = 0
    for (;;) {
      const progress = (await answer(`${base}/demo/progress`)) as { data: { total: number; ready: number } | null } | undefined
      const now = performance.now()
      if (progress?.data && progress.data.ready > 0 && !first) first = now
      if (progress?.data && progress.data.ready >= progress.data.total) {
        return { upS: (up - started) / 1000, firstS: (first - up) / 1000, allS: (now - up) / 1000, total: progress.data.total, cpuS: cpuSeconds(child.pid!) }
      }
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${log.join('')}`)
      if (now - up > 30 * 60_000) throw new Error('the demo took over 30 minutes')
      await sleep(POLL_MS)
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    const lines = log.join('').split('\n').filter((line) => /demo (video|catalogue)/.test(line))
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { time: number; msg: string }
        console.log(`    ${new Date(entry.time).toISOString().slice(11, 19)}  ${entry.msg}`)
      } catch {
        console.log(`    ${line}`)
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const runs = Number(process.argv[2] ?? 1)
for (let i = 1; i <= runs; i++) {
  const load = os.loadavg()[0].toFixed(1)
  const result = await run()
  console.log(
    `run ${i}: server up ${result.upS.toFixed(1)} s after start; first demo video published ${result.firstS.toFixed(1)} s after the server answered, all ${result.total} after ${result.allS.toFixed(1)} s; ${result.cpuS.toFixed(0)} CPU-seconds (load average at start ${load}, ${os.cpus().length} cores)`,
  )
}
