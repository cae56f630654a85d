/**
 * HLS segment serving with grant checks on (the real server) against nginx serving the same files,
 * measured with wrk in the same run; a bare node:http file stream is reported for reference.
 * Goal: ≥ 0.35 of nginx. Without nginx or wrk installed, that side is skipped with a clear line.
 */
import { execFile, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { startChildServer } from './lib/child-server.ts'

const run = promisify(execFile)
const SEGMENT_BYTES = 1024 * 1024
const SEGMENTS = 8

export interface MediaBenchResult {
  appMBps: number
  bareNodeMBps: number
  nginxMBps: number | null
  ratioToNginx: number | null
  skipped?: string
}

function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const candidate = path.join(dir, command)
    if (fs.existsSync(candidate)) return candidate
  }
  return undefined
}

/** wrk for 10 s over the segments (a Lua script rotates the paths); answers MB/s. */
async function wrk(origin: string, paths: string[]): Promise<number> {
  const script = path.join(os.tmpdir(), `dehieu-wrk-${process.pid}.lua`)
  fs.writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  )
  const { stdout } = await run('wrk', ['-t2', '-c32', '-d10s', '-s', script, origin], { maxBuffer: 1 << 20 })
  const match = /Transfer\/sec:\s+([\d.]+)([KMG]B)/.exec(stdout)
  if (!match) throw new Error(`could not read wrk's output:\n${stdout}`)
  const scale = { KB: 1 / 1024, MB: 1, GB: 1024 }[match[2] as 'KB' | 'MB' | 'GB']
  if (/Non-2xx/.test(stdout)) throw new Error(`wrk saw errors:\n${stdout}`)
  return Number(match[1]) * scale
}

async function startNginx(root: string): Promise<{ origin: string; stop(): void }> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-'))
  const port = 20000 + crypto.randomInt(20000)
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; types { video/iso.segment m4s; }
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix}; uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port}; root ${root}; } }`,
  )
  const child = spawn(which('nginx')!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' })
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`)
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

export async function runMediaBench(): Promise<MediaBenchResult> {
  if (!which('wrk')) return { appMBps: 0, bareNodeMBps: 0, nginxMBps: null, ratioToNginx: null, skipped: 'wrk is not installed (apt-get install wrk)' }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-media-'))
  fs.chmodSync(dataDir, 0o755) // nginx's workers run as an unprivileged user and must read the files
  const mediaKey = newMediaKey()
  const variant = path.join(dataDir, 'media', mediaKey, 'v720p')
  fs.mkdirSync(variant, { recursive: true })
  const names = Array.from({ length: SEGMENTS }, (_, i) => `seg_${String(i).padStart(3, '0')}.m4s`)
  for (const name of names) fs.writeFileSync(path.join(variant, name), crypto.randomBytes(SEGMENT_BYTES))
  try {
    const app = await startChildServer<{ origin: string; hlsUrl: string }>('app-server.ts', { BENCH_DATA_DIR: dataDir, BENCH_MEDIA_KEY: mediaKey })
    let appMBps: number
    try {
      // The grant travels in the query: each file is the master's URL with its name in place of master.m3u8.
      appMBps = await wrk(app.info.origin, names.map((name) => app.info.hlsUrl.replace('master.m3u8', `v720p/${name}`)))
    } finally {
      await app.stop()
    }
    const bare = await startChildServer<{ origin: string }>('bare-file-server.ts', { BENCH_ROOT: path.join(dataDir, 'media') })
    let bareNodeMBps: number
    try {
      bareNodeMBps = await wrk(bare.info.origin, names.map((name) => `/${mediaKey}/v720p/${name}`))
    } finally {
      await bare.stop()
    }
    if (!which('nginx')) return { appMBps, bareNodeMBps, nginxMBps: null, ratioToNginx: null, skipped: 'nginx is not installed (apt-get install nginx)' }
    const nginx = await startNginx(path.join(dataDir, 'media'))
    let nginxMBps: number
    try {
      nginxMBps = await wrk(nginx.origin, names.map((name) => `/${mediaKey}/v720p/${name}`))
    } finally {
      nginx.stop()
    }
    return { appMBps, bareNodeMBps, nginxMBps, ratioToNginx: appMBps / nginxMBps }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
