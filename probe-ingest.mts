import fs from 'node:fs'
import http from 'node:http'
import { uuidv7 } from './contract/index.ts'
import { startChildServer } from './bench/lib/child-server.ts'
const script = process.argv[2] ?? 'app-server.ts'
const server = await startChildServer<{ base: string; token: string; videoId: number; pid?: number }>(script)
const pid = Number(fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).find((p) => { try { return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes("servers/" + script) } catch { return false } }))
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.INF ?? 4), noDelay: true })
const url = new URL(`${server.info.base}/watch_events`)
const start = Date.now() - 220 * 500 * 10_000 - 3_600_000
const bodies = Array.from({ length: 220 }, (_, b) => Buffer.from(JSON.stringify({ events: Array.from({ length: 500 }, (_, i) => { const n = b * 500 + i; const at = start + n * 10_000; return { client_id: uuidv7(at), video_id: server.info.videoId, position_from: (n * 10) % 80000, position_to: (n * 10) % 80000 + 10, watched_seconds: 10, playback_rate: 1, occurred_at: new Date(at).toISOString() } }) })))
const post = (body: Buffer) => new Promise<void>((resolve, reject) => { const r = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json', 'content-length': body.length } }, (res) => { res.resume(); res.on('end', () => resolve()) }); r.on('error', reject); r.end(body) })
const send = async (list: Buffer[]) => { const q = [...list]; await Promise.all(Array.from({ length: Number(process.env.INF ?? 4) }, async () => { for (let b = q.shift(); b; b = q.shift()) await post(b) })) }
await send(bodies.slice(0, 20))
const ticks = () => Object.fromEntries([pid, process.pid].flatMap((p) => fs.readdirSync(`/proc/${p}/task`).map((t) => { const st = fs.readFileSync(`/proc/${p}/task/${t}/stat`, 'utf8'); const name = st.slice(st.indexOf('(') + 1, st.indexOf(')')); const f = st.slice(st.indexOf(')') + 2).split(' '); return [`${p === pid ? 'server' : 'client'}:${t}:${name}`, Number(f[11]) + Number(f[12])] })))
const before = ticks(); const t0 = performance.now()
await send(bodies.slice(20))
const secs = (performance.now() - t0) / 1000; const after = ticks()
console.log(`${Math.round(200 * 500 / secs)} events/s over ${secs.toFixed(2)} s`)
for (const [k, v] of Object.entries(after)) { const d = (v - (before[k] ?? 0)) / 100 / secs; if (d > 0.02) console.log(k, (d * 100).toFixed(0) + '%') }
agent.destroy(); await server.stop()
