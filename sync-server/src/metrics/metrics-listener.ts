/**
 * The metrics on a listener of their own (METRICS_LISTEN, e.g. 127.0.0.1:9464): GET /metrics in
 * Prometheus's text format, nothing else. Apart from the public port so that neither the internet nor
 * nginx's `location /` reaches them, and so a scrape never waits behind the API's requests' routing.
 */
import http from 'node:http'
import type { Logger } from 'pino'
import type { Metrics } from './metrics.ts'

export async function startMetricsListener(metrics: Metrics, at: { host: string; port: number }, logger: Logger): Promise<http.Server> {
  metrics.withProcessMetrics()
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?', 1)[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('GET /metrics\n')
      return
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected')
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(at.port, at.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // A scrape is no reason to keep a stopping process alive.
  server.unref()
  logger.info(`metrics at http://${at.host.includes(':') ? `[${at.host}]` : at.host}:${at.port}/metrics`)
  return server
}
