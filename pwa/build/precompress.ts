/**
 * After `vite build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the built
 * app worth compressing, once, at the highest levels, so the server sends the compressed bytes with no
 * work per request (sync-server/src/web/pwa-static.ts). On a phone on slow 4G, the signed-in videos page's
 * JavaScript is about a third the bytes compressed. Run by `npm run build`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    // Vite's own manifest is a build artefact, not something a browser fetches.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* textFiles(file)
    } else if (COMPRESSIBLE.test(entry.name)) yield file
  }
}

/** Compresses every text file under `distDir`; returns how many files got compressed copies. */
export function precompress(distDir: string): number {
  let count = 0
  for (const file of textFiles(distDir)) {
    const bytes = fs.readFileSync(file)
    if (bytes.length < MIN_BYTES) continue
    const brotli = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    })
    const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })
    // A copy that is not smaller would only cost the browser a decode.
    if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli)
    if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip)
    count++
  }
  return count
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist/pwa')
  const count = precompress(distDir)
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), distDir) || '.'} (.br and .gz)`)
}
