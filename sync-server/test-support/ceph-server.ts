/**
 * A throwaway Ceph object gateway for tests (issue 34): one monitor, one OSD on `memstore` (in memory,
 * nothing on disk but its small state), and radosgw on a free loopback port, all in a temp folder, each
 * daemon started in the foreground (`-f`) as our child and stopped by its process id (rgw, osd, mon),
 * then the folder removed. Starts in 3–5 s and holds about 150 MB. The recipe and its pitfalls are in
 * ../shared/stack-notes.md §14: `ms * mode = crc secure` (else rgw's monitor session fails with -13 and
 * it never listens), `monmaptool --addv` (with `--add` the CLI hangs at auth), `cluster addr` (else the
 * OSD binds 0.0.0.0), a short paxos interval (else a start takes 15 s), `tcp_nodelay=1` on the beast
 * frontend (else each small answer waits ~40 ms for the client's delayed ACK: tus PATCHes ran at half speed).
 *
 * `cephMissing()` says why a cluster cannot start here (Debian's radosgw, ceph-mon and ceph-osd
 * packages absent; .ci/run installs them), so a test file can skip with that reason printed.
 * No vitest import here: scripts and benchmarks may use it too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface CephGateway {
  /** http://127.0.0.1:PORT: the S3 endpoint (path-style addressing). */
  endpoint: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** Process ids of the daemons, rgw first. */
  pids: number[]
  stop(): Promise<void>
}

const BINARIES = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'monmaptool', 'ceph']

function onPath(name: string): boolean {
  return (process.env.PATH ?? '/usr/bin:/bin').split(':').some((dir) => dir && fs.existsSync(path.join(dir, name)))
}

/** Undefined when a cluster can start here; else the reason it cannot. */
export function cephMissing(): string | undefined {
  const missing = BINARIES.filter((name) => !onPath(name))
  if (missing.length) return `Ceph is not installed (${missing.join(', ')} missing): apt-get install radosgw ceph-mon ceph-osd (.ci/run does)`
  return undefined
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A run of `count` consecutive free ports on 127.0.0.1 (probed; another process may still take one). */
async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + crypto.randomInt(0, 40_000)
    let free = true
    for (let port = base; port < base + count && free; port++) free = await portIsFree(port)
    if (free) return base
  }
  throw new Error('no run of free ports found for Ceph')
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined, died: () => string | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const dead = died()
    if (dead) throw new Error(`Ceph: ${dead} while waiting for ${what}`)
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Ceph: ${what} did not happen within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function run(file: string, args: string[], timeoutMs = 20_000): { ok: boolean; out: string } {
  const result = spawnSync(file, args, { encoding: 'utf8', timeout: timeoutMs })
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() }
}

function mustRun(file: string, args: string[], timeoutMs?: number): string {
  const result = run(file, args, timeoutMs)
  if (!result.ok) throw new Error(`Ceph: ${file} ${args.join(' ')} failed: ${result.out}`)
  return result.out
}

export async function startCeph(): Promise<CephGateway> {
  const reason = cephMissing()
  if (reason) throw new Error(reason)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-ceph-'))
  // mon v2, mon v1, rgw, then the range the OSD binds its messengers in.
  const base = await freePortRun(24)
  const [v2, v1, rgwPort] = [base, base + 1, base + 2]
  const fsid = crypto.randomUUID()
  const conf = path.join(dir, 'ceph.conf')
  const accessKeyId = `TEST${crypto.randomBytes(8).toString('hex').toUpperCase()}`
  const secretAccessKey = crypto.randomBytes(20).toString('hex')
  const modes = ['ms mon client mode', 'ms client mode', 'ms mon service mode', 'ms service mode', 'ms cluster mode']
  fs.writeFileSync(
    conf,
    [
      '[global]',
      `fsid = ${fsid}`,
      `mon host = [v2:127.0.0.1:${v2},v1:127.0.0.1:${v1}]`,
      'mon initial members = a',
      'public addr = 127.0.0.1',
      'cluster addr = 127.0.0.1',
      `ms bind port min = ${base + 4}`,
      `ms bind port max = ${base + 23}`,
      'auth cluster required = none',
      'auth service required = none',
      'auth client required = none',
      ...modes.map((mode) => `${mode} = crc secure`),
      'osd pool default size = 1',
      'osd pool default min size = 1',
      'osd pool default pg num = 8',
      'osd pool default pgp num = 8',
      'osd pool default pg autoscale mode = off',
      'osd crush chooseleaf type = 0',
      'mon allow pool size one = true',
      'paxos propose interval = 0.1',
      `run dir = ${dir}/run`,
      `admin socket = ${dir}/run/$name.asok`,
      `log file = ${dir}/log/$name.log`,
      `keyring = ${dir}/keyring`,
      '[mon.a]',
      `mon data = ${dir}/mon/a`,
      '[osd]',
      `osd data = ${dir}/osd/$id`,
      'osd objectstore = memstore',
      'memstore device bytes = 2147483648',
      '[client.rgw.a]',
      `rgw frontends = beast endpoint=127.0.0.1:${rgwPort} tcp_nodelay=1`,
      `rgw data = ${dir}/rgw`,
      'rgw dns name = localhost',
      '',
    ].join('\n'),
  )
  for (const sub of ['run', 'log', 'mon/a', 'rgw']) fs.mkdirSync(path.join(dir, sub), { recursive: true })

  const children: ChildProcess[] = []
  const exited = new Map<ChildProcess, string>()
  const daemon = (file: string, args: string[]) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString()
    })
    child.on('exit', (code, signal) => exited.set(child, `${file} exited (${code ?? signal}) ${stderr.trim()}`))
    children.unshift(child) // stopped in the reverse order of start
    return child
  }
  const died = () => [...exited.values()][0]
  // Should the test process end without stop() (a crash, a killed run), the daemons go with it.
  const killAll = () => {
    for (const child of children) if (!exited.has(child) && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
  }
  process.once('exit', killAll)

  async function stop() {
    process.off('exit', killAll)
    for (const child of children) {
      if (exited.has(child) || child.pid === undefined) continue
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      // The data is in memory and thrown away: rgw gets a moment to close its sockets, the rest go at once.
      process.kill(child.pid, child.spawnfile === 'radosgw' ? 'SIGTERM' : 'SIGKILL')
      const timer = setTimeout(() => {
        if (!exited.has(child)) process.kill(child.pid!, 'SIGKILL')
      }, 3_000)
      await gone
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }

  try {
    const monmap = path.join(dir, 'monmap')
    mustRun('monmaptool', ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${v2},v1:127.0.0.1:${v1}]`, monmap])
    mustRun('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', monmap])
    daemon('ceph-mon', ['-c', conf, '-i', 'a', '-f'])
    await until('the monitor', 30_000, () => (run('ceph', ['-c', conf, '--connect-timeout', '3', 'health'], 10_000).ok ? true : undefined), died)

    const osdUuid = crypto.randomUUID()
    const osdId = mustRun('ceph', ['-c', conf, 'osd', 'new', osdUuid]).trim()
    fs.mkdirSync(path.join(dir, 'osd', osdId), { recursive: true })
    mustRun('ceph-osd', ['-c', conf, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid])
    daemon('ceph-osd', ['-c', conf, '-i', osdId, '-f'])
    await until('the OSD to come up', 30_000, () => {
      const dump = run('ceph', ['-c', conf, 'osd', 'dump', '--format', 'json'], 10_000)
      if (!dump.ok) return undefined
      const osds = (JSON.parse(dump.out) as { osds?: { osd: number; up: number }[] }).osds ?? []
      return osds.some((osd) => String(osd.osd) === osdId && osd.up === 1) ? true : undefined
    }, died)

    daemon('radosgw', ['-c', conf, '-n', 'client.rgw.a', '-f'])
    const endpoint = `http://127.0.0.1:${rgwPort}`
    await until('the gateway to answer HTTP', 60_000, async () => {
      try {
        await fetch(endpoint, { signal: AbortSignal.timeout(2_000) })
        return true
      } catch {
        return undefined
      }
    }, died)
    mustRun('radosgw-admin', [
      '-c', conf, '-n', 'client.rgw.a', 'user', 'create', '--uid=test', '--display-name=test',
      `--access-key=${accessKeyId}`, `--secret-key=${secretAccessKey}`,
    ])
    return {
      endpoint,
      accessKeyId,
      secretAccessKey,
      region: 'default',
      pids: children.map((child) => child.pid!).filter(Boolean),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
