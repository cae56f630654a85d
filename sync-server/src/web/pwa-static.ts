/**
 * Serves the built PWA from the same origin as the API. Hashed files under /assets/ never change, so
 * browsers keep them a year; index.html, the service worker and the manifest are revalidated on every
 * load so an update is seen at once. Any other GET outside /api/ and /media/ gets index.html (the SPA
 * decides the route).
 */
import fs from 'node:fs'
import path from 'node:path'
import express, { Router } from 'express'

const YEAR_SECONDS = 31_536_000
const NOT_SPA = /^\/(api|media)(\/|$)/

export function pwaStatic(distDir: string) {
  const router = Router()
  const indexFile = path.join(distDir, 'index.html')
  if (!fs.existsSync(indexFile)) {
    router.get(/^(?!\/(api|media)(\/|$)).*/, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('html').send(PLACEHOLDER)
    })
    return router
  }
  router.use(
    express.static(distDir, {
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath)
        res.setHeader(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        )
      },
    }),
  )
  router.get('/{*splat}', (req, res, next) => {
    if (NOT_SPA.test(req.path)) return next()
    res.set('Cache-Control', 'no-cache').sendFile(indexFile)
  })
  return router
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dễ Hiểu</title></head><body><main><h1>Dễ Hiểu</h1>
<p>The server is running, but the app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>
<p>The API answers under <a href="/api/v1/health">/api/v1</a>.</p></main></body></html>`
