/**
 * Renders the app icons (public/*.png) from SVG with the system Chromium, so they stay in step with the
 * brand mark. Run by hand after changing the mark: `node --import tsx pwa/scripts/make-icons.ts`.
 * The PNGs are committed; the build does not run this.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public')
const PLAY = 'M12.5 10.2v11.6c0 .8.9 1.3 1.6.9l9.2-5.8c.6-.4.6-1.3 0-1.7l-9.2-5.8c-.7-.4-1.6.1-1.6.8Z'

/** `inset` is the share of the canvas the mark keeps clear on each side (maskable icons need 10%+). */
function iconSvg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const markSize = size * (1 - inset * 2)
  const scale = markSize / 32
  const offset = size * inset
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="#0f6e63"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${PLAY}" fill="#ffd166" transform="translate(1.2 0)"/></g>
</svg>`
}

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, rounded: true, inset: 0.06 },
  { file: 'pwa-512x512.png', size: 512, rounded: true, inset: 0.06 },
  { file: 'maskable-512x512.png', size: 512, rounded: false, inset: 0.16 },
  { file: 'apple-touch-icon-180x180.png', size: 180, rounded: false, inset: 0.1 },
]

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${iconSvg(icon.size, icon)}`)
    await page.locator('svg').screenshot({ path: path.join(publicDir, icon.file), omitBackground: true })
    await page.close()
  }
} finally {
  await browser.close()
}
