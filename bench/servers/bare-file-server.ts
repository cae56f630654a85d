// Reference: a bare node:http server streaming files from a folder, no checks at all.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const root = process.env.BENCH_ROOT!
const server = http.createServer((req, res) => {
  const file = path.join(root, decodeURIComponent(new URL(req.url!, 'http://x').pathname))
  fs.stat(file, (error, stat) => {
    if (error) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'video/iso.segment', 'content-length': stat.size })
    fs.createReadStream(file).pipe(res)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ origin: `http://127.0.0.1:${address.port}` }))
})
