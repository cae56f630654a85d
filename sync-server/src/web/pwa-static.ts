/**
 * Serves the built PWA from the same origin as the API. Hashed files under /assets/ never change, so
 * browsers keep them a year; index.html, the service worker and the manifest are revalidated on every
 * load so an update is seen at once. Any other GET outside /api/ and /media/ gets index.html (the SPA
 * decides the route). A file the build compressed (pwa/build/precompress.ts: `.br` and `.gz` beside it) is
 * sent compressed to a browser that accepts it, Brotli first, with no compression work per request.
 */
import fs from 'node:fs'
import path from 'node:path'
import express, { Router, type NextFunction, type Request, type Response } from 'express'

const YEAR_SECONDS = 31_536_000
const NOT_SPA = /^\/(api|media)(\/|$)/

/** Content codings we have copies for, best first, with the file suffix of each. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

function cacheControl(distDir: string, filePath: string): string {
  return path.relative(distDir, filePath).startsWith(`assets${path.sep}`) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache'
}

/** Every compressed copy in the build, by the path of its original: read once, so a request costs a Set lookup. */
function compressedCopies(distDir: string): Set<string> {
  const copies = new Set<string>()
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && ENCODINGS.some((e) => entry.name.endsWith(e.suffix))) copies.add(path.join(entry.parentPath, entry.name))
  }
  return copies
}

/** Whether the request's Accept-Encoding takes `coding` (a `;q=0` refuses it). */
function accepts(acceptEncoding: string, coding: string): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';')
    if (name?.trim().toLowerCase() !== coding) return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** Sends `file` compressed when the build has a copy the browser accepts; false when it must go as it is. */
function sendCompressed(req: Request, res: Response, next: NextFunction, file: string, copies: Set<string>, headers: Record<string, string>): boolean {
  const acceptEncoding = req.get('accept-encoding') ?? ''
  const encoding = ENCODINGS.find((e) => copies.has(file + e.suffix) && accepts(acceptEncoding, e.name))
  res.vary('Accept-Encoding')
  if (!encoding) return false
  // The type of the original, set before sendFile, which keeps a Content-Type already set.
  res.type(path.extname(file))
  res.sendFile(file + encoding.suffix, { headers: { ...headers, 'Content-Encoding': encoding.name } }, (error) => {
    if (error && !res.headersSent) next(error)
  })
  return true
}

/** The build's file a request path names, or undefined for a path that cannot be one (malformed, or out of the build). */
function buildFile(distDir: string, requestPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return undefined
  }
  const file = path.join(distDir, decoded)
  return file.startsWith(distDir + path.sep) ? file : undefined
}

/**
 * The landing pages the build prerenders twice (pwa/build/prerender-plugin.ts): open for sign-in, and a
 * pre-launch copy (`index.pre-launch.html` beside each) with the waitlist, sent when the deployment says
 * it has not opened yet. Choosing the file here keeps the landing free of any JavaScript that would ask.
 */
const LANDING_PATHS = new Set(['/', '/en/', '/vi/', '/zh-Hant-HK/'])

function landingFile(distDir: string, requestPath: string, preLaunch: boolean): string | undefined {
  if (!preLaunch || !LANDING_PATHS.has(requestPath)) return undefined
  const file = path.join(distDir, requestPath, 'index.pre-launch.html')
  return fs.existsSync(file) ? file : undefined
}

export function pwaStatic(distDir: string, options: { preLaunch?: boolean } = {}) {
  const router = Router()
  const indexFile = path.join(distDir, 'index.html')
  if (!fs.existsSync(indexFile)) {
    router.get(/^(?!\/(api|media)(\/|$)).*/, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('html').send(PLACEHOLDER)
    })
    return router
  }
  const copies = compressedCopies(distDir)
  router.get('/{*splat}', (req, res, next) => {
    if (NOT_SPA.test(req.path)) return next()
    const landing = landingFile(distDir, req.path, options.preLaunch === true)
    if (landing) {
      if (!sendCompressed(req, res, next, landing, copies, { 'Cache-Control': 'no-cache' })) res.set('Cache-Control', 'no-cache').sendFile(landing)
      return
    }
    const file = req.path === '/' ? indexFile : buildFile(distDir, req.path)
    if (!file) return next()
    if (!sendCompressed(req, res, next, file, copies, { 'Cache-Control': cacheControl(distDir, file) })) next()
  })
  router.use(
    express.static(distDir, {
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControl(distDir, filePath))
      },
    }),
  )
  router.get('/{*splat}', (req, res, next) => {
    if (NOT_SPA.test(req.path)) return next()
    if (!sendCompressed(req, res, next, indexFile, copies, { 'Cache-Control': 'no-cache' })) res.set('Cache-Control', 'no-cache').sendFile(indexFile)
  })
  return router
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dễ Hiểu</title></head><body><main><h1>Dễ Hiểu</h1>
<p>The server is running, but the app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>
<p>The API answers under <a href="/api/v1/health">/api/v1</a>.</p></main></body></html>`
