// @vitest-environment node
/**
 * Every call of the API goes through the typed door (api-call.ts): no string path of a route, no
 * `/api/v1` and no untyped `api.get<T>(…)` in the PWA's sources outside api.ts and api-call.ts.
 * And pwa/src/data is the only door to IndexedDB, Cache Storage and the network: nothing outside it
 * (pages, features, the player, the frame, the service worker) imports Dexie, opens a cache, calls
 * fetch() or posts a form by its path.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../../contract/routes.ts'

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DATA = path.join(SRC, 'data')
const DOORS = new Set([path.join(DATA, 'api.ts'), path.join(DATA, 'api-call.ts')])

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !DOORS.has(full) ? [full] : []
  })
}

/** A route's path as a string literal or template in code: `'/me/sessions'`, `` `/videos/${id}/comments` ``. */
function literalOf(routePath: string): RegExp {
  const escaped = routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '\\$\\{[^}]*\\}')
  return new RegExp(`['\`]${escaped}(?=['\`?])`)
}

const findings = (files: string[], test: (line: string) => boolean) =>
  files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (!/^\s*(\*|\/\/)/.test(line) && test(line) ? [`${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
  )

describe('the PWA calls the API only through call() (pwa/src/data/api-call.ts)', () => {
  it('names no /api/v1 path anywhere in its sources', () => {
    expect(findings(sources(SRC), (line) => line.includes('/api/v1')), 'Use pathOf()/call() with a route name from contract/routes.ts').toEqual([])
  })

  it('writes no route path and no untyped request in pwa/src/data', () => {
    const routes = Object.values(ROUTES).map((route) => literalOf(route.path))
    const found = findings(sources(DATA), (line) => /\bapiRequest\b/.test(line) || routes.some((route) => route.test(line)))
    // `api\n  .get<T>(…)` over two lines too.
    const untyped = sources(DATA).filter((file) => /\bapi\s*\.\s*(get|post|patch)\b/.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file))
    const advice = "Call the route by its name: call('<route name>', body, { params, query })"
    expect(found, advice).toEqual([])
    expect(untyped, advice).toEqual([])
  })
})

/** Every source file of the PWA outside pwa/src/data, the service worker included. */
const outsideData = () => sources(SRC).filter((file) => !file.startsWith(DATA + path.sep))

describe('nothing outside pwa/src/data reaches IndexedDB, Cache Storage or the network itself', () => {
  it('imports no Dexie', () => {
    const found = findings(outsideData(), (line) => /(from\s+|import\s*\(\s*)['"]dexie(-react-hooks)?['"]/.test(line))
    expect(found, 'Read and write through a module of pwa/src/data').toEqual([])
  })

  it('calls no fetch() and opens no Cache Storage', () => {
    // The service worker's network strategies (workbox-strategies: NetworkFirst, StaleWhileRevalidate,
    // the precache) fetch inside workbox, not in our sources; what the worker reads or writes itself
    // goes through data/ (downloads/background-finish.ts, downloads/offline-media-cache.ts).
    const found = findings(outsideData(), (line) => /(^|[^\w.]|\b(self|window|globalThis)\.)fetch\s*\(/.test(line) || /\bcaches\s*\.\s*(open|match|keys|delete|has)\b/.test(line))
    expect(found, 'Fetch and cache through a module of pwa/src/data').toEqual([])
  })

  it('sends no request by a path of its own: the typed doors take route names', () => {
    // apiRequest, api.get/post/patch, authorizedFetch and postForm take a path; call() and postFormTo() a route name.
    const found = findings(outsideData(), (line) => /\b(apiRequest|authorizedFetch|postForm|api\s*\.\s*(get|post|patch))\s*[<(]/.test(line))
    expect(found, "Call the route by its name: call('<route name>', …) or postFormTo('<route name>', form)").toEqual([])
  })
})
