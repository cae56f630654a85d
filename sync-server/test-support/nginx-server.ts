/**
 * nginx on deploy/nginx.conf as it ships, its four placeholders filled as docs/operations.md says,
 * unprivileged (its prefix and temp folders in a folder of the caller's), in front of API processes
 * on loopback: the scale test's cluster and the forwarded-address test run the real configuration.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const NGINX_CONF_TEMPLATE = path.join(REPO, 'deploy/nginx.conf')
/** Media in a bucket (issue 34): the same but for the media locations, with its include beside it. */
const NGINX_S3_CONF_TEMPLATE = path.join(REPO, 'deploy/nginx-s3.conf')
const BUCKET_ORIGIN_INCLUDE = path.join(REPO, 'deploy/dehieu-bucket-origin.conf')
/** A CDN's edge in front of either (issue 34): segments cached by path, the grant checked at the edge. */
const NGINX_EDGE_CONF_TEMPLATE = path.join(REPO, 'deploy/nginx-edge.conf')
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file))

export function nginxAvailable(): boolean {
  return NGINX !== undefined
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** deploy/nginx.conf with its placeholders filled, as envsubst would. */
function renderNginxConf(
  values: { listen: string; apiServers: string; dataDir: string; prefix: string; bucket?: { origin: string; name: string } },
): string {
  const filled: Record<string, string> = {
    DEHIEU_LISTEN: values.listen,
    DEHIEU_API_SERVERS: values.apiServers,
    DEHIEU_DATA_DIR: values.dataDir,
    DEHIEU_NGINX_PREFIX: values.prefix,
    ...(values.bucket && { DEHIEU_S3_ORIGIN: values.bucket.origin, DEHIEU_S3_BUCKET: values.bucket.name }),
  }
  const text = fs.readFileSync(values.bucket ? NGINX_S3_CONF_TEMPLATE : NGINX_CONF_TEMPLATE, 'utf8')
  return text.replace(/\$\{(DEHIEU_[A-Z0-9_]+)\}/g, (whole, name: string) => filled[name] ?? whole)
}

export interface RunningNginx {
  url: string
  port: number
  /** nginx's process (a process group of its own: signal -pid to reach its workers). */
  child: ReturnType<typeof spawn>
  /** SIGTERM to the group, then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>
}

/**
 * Starts nginx on deploy/nginx.conf over API processes listening on `apiPorts` (127.0.0.1), with its
 * prefix in `dir`/nginx and DATA_DIR `dataDir`; resolves once it answers.
 */
export async function startNginx(options: {
  dir: string
  dataDir: string
  apiPorts: number[]
  /** Media in this bucket (deploy/nginx-s3.conf): `origin` host:port of the S3 endpoint, `name` the bucket. */
  bucket?: { origin: string; name: string }
  /** Rewrites each rendered file before nginx reads it: a bench's variant of the shipped configuration (the media cache off, say). */
  rewrite?: (text: string, file: 'nginx.conf' | 'dehieu-bucket-origin.conf') => string
}): Promise<RunningNginx> {
  const prefix = nginxPrefix(path.join(options.dir, 'nginx'))
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  const rewrite = options.rewrite ?? ((text: string) => text)
  fs.writeFileSync(
    conf,
    rewrite(
      renderNginxConf({
        listen: `127.0.0.1:${port}`,
        apiServers: options.apiPorts.map((api) => `server 127.0.0.1:${api} max_fails=1 fail_timeout=2s;`).join(' '),
        dataDir: options.dataDir,
        prefix,
        bucket: options.bucket,
      }),
      'nginx.conf',
    ),
  )
  if (options.bucket) fs.writeFileSync(path.join(prefix, path.basename(BUCKET_ORIGIN_INCLUDE)), rewrite(fs.readFileSync(BUCKET_ORIGIN_INCLUDE, 'utf8'), 'dehieu-bucket-origin.conf'))
  return launch(prefix, conf, port)
}

function nginxPrefix(prefix: string): string {
  if (!NGINX) throw new Error('nginx is not installed')
  for (const sub of ['temp', 'cache', 'logs']) fs.mkdirSync(path.join(prefix, sub), { recursive: true, mode: 0o777 })
  for (const sub of ['temp', 'cache']) fs.chmodSync(path.join(prefix, sub), 0o777)
  return prefix
}

/**
 * nginx on deploy/nginx-edge.conf, a CDN's edge, in front of `origin` (an nginx of startNginx), with
 * its prefix in `dir`/edge; resolves once it answers.
 */
export async function startEdgeNginx(options: { dir: string; origin: RunningNginx }): Promise<RunningNginx> {
  const prefix = nginxPrefix(path.join(options.dir, 'edge'))
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  const filled: Record<string, string> = { DEHIEU_EDGE_LISTEN: `127.0.0.1:${port}`, DEHIEU_ORIGIN: `127.0.0.1:${options.origin.port}`, DEHIEU_NGINX_PREFIX: prefix }
  fs.writeFileSync(conf, fs.readFileSync(NGINX_EDGE_CONF_TEMPLATE, 'utf8').replace(/\$\{(DEHIEU_[A-Z0-9_]+)\}/g, (whole, name: string) => filled[name] ?? whole))
  return launch(prefix, conf, port)
}

async function launch(prefix: string, conf: string, port: number): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed')
  // Run as root (CI containers), nginx's workers would become `nobody`; keep them as this user.
  const asRoot = process.getuid?.() === 0 ? 'user root; ' : ''
  const globals = `${asRoot}daemon off; master_process on; pid ${prefix}/nginx.pid; error_log ${prefix}/logs/error.log warn;`
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', globals], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // Already gone.
    }
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`)
    try {
      await (await fetch(`${url}/api/v1/health`)).arrayBuffer()
      break
    } catch {
      if (Date.now() > deadline) {
        signal('SIGKILL')
        throw new Error(`nginx did not answer within 15 s: ${stderr}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url,
    port,
    child,
    async stop() {
      signal('SIGTERM')
      const timer = setTimeout(() => signal('SIGKILL'), 10_000)
      await exited()
      clearTimeout(timer)
    },
  }
}
