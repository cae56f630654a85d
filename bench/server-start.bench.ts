/**
 * `npm run bench -- start` (issue 47): one API process started as production runs it (the built
 * dist/server/main.js) against the same under tsx (`node --import tsx sync-server/src/main.ts`): the
 * time from spawn to the first 200 from /health, and its resident memory once it has answered a few
 * requests. Alternating, 5 rounds, medians; each start on a fresh DATA_DIR (migrations included).
 */
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROUNDS = 5

interface Start {
  ms: number
  rssMb: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function startOnce(args: string[]): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-start-'))
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  })
  try {
    let ms = 0
    for (;;) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
        if (answer.status === 200) {
          ms = performance.now() - started
          break
        }
      } catch {
        // Not listening yet.
      }
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${port}/api/v1/languages`)).text()
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return { ms, rssMb: rssKb / 1024 }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function runServerStartBench() {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'sync-server/build/build-server.ts'], { cwd: REPO })
  const built: Start[] = []
  const tsx: Start[] = []
  for (let round = 0; round < ROUNDS; round++) {
    built.push(await startOnce(['--enable-source-maps', 'dist/server/main.js']))
    tsx.push(await startOnce(['--import', 'tsx', 'sync-server/src/main.ts']))
  }
  const summary = (runs: Start[]) => ({ ms: Math.round(median(runs.map((run) => run.ms))), rssMb: Math.round(median(runs.map((run) => run.rssMb))), runs })
  const b = summary(built)
  const t = summary(tsx)
  return { built: b, tsx: t, startRatio: b.ms / t.ms, rssRatio: b.rssMb / t.rssMb }
}
