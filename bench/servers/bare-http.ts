// Baseline: the cheapest JSON answer Node can give.
import http from 'node:http'

const body = JSON.stringify({ daily_goal_minutes: 15, today_watch_seconds: 0, date: '2026-11-22' })
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/` }))
})
