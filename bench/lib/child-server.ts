import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/** Runs a bench server in its own process (its own core), and reads the first JSON line it prints. */
export async function startChildServer<T>(script: string, env: Record<string, string> = {}): Promise<{ info: T; stop(): Promise<void> }> {
  // BENCH_SERVER_NODE_ARGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server side alone.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(BENCH_DIR, 'servers', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
  const lines = readline.createInterface({ input: child.stdout! })
  const info = await new Promise<T>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as T))
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)))
  })
  return {
    info,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
