/**
 * Lists, in the built HTML, the chunks a signed-in visit runs before its first paint, so
 * public/signed-in-preload.js (which boot.js adds for a signed-in visitor only) can ask for them all at
 * once with `<link rel="modulepreload">` (issue 32). Without it the browser finds them one level at a
 * time: entry → main → vendor → the signed-in frame → the page. The landing page's JavaScript is
 * unchanged: the list is a <meta> that only that script reads.
 *
 * Each group lists its chunks' stylesheets too (Vite holds a lazy chunk until its CSS has loaded, and would
 * only ask for it once the chunk is imported), and, per UI language (`<group>@<lng>`), the chunks of the
 * translation namespaces the group's first paint reads (src/app/first-paint-groups.ts): main.tsx waits for
 * the same before React first renders.
 *
 * content="app:<files> languages:<files> videos:<files> video:<files> app@en:<files> ...", files space-less and comma-separated.
 */
import type { Plugin } from 'vite'
import { UI_LANGUAGES } from '../src/i18n/config.ts'
import { FIRST_PAINT_NAMESPACES, type FirstPaintGroup } from '../src/app/first-paint-groups.ts'

const GROUPS: Record<FirstPaintGroup, string[]> = {
  app: ['src/app/main.tsx', 'src/features/navbar/SignedInChrome.tsx'],
  languages: ['src/pages/LanguagesPage.tsx'],
  videos: ['src/pages/VideosPage.tsx'],
  video: ['src/pages/VideoPage.tsx'],
}

interface ChunkLike {
  type: string
  fileName: string
  facadeModuleId?: string | null
  moduleIds?: string[]
  imports?: string[]
  viteMetadata?: { importedCss?: Set<string> }
}

export function signedInPreloadPlugin(): Plugin {
  return {
    name: 'de-hieu:signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html
        const chunks = Object.values(ctx.bundle) as ChunkLike[]
        const byFile = new Map(chunks.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]))
        // Each page group lists only what the app group does not.
        const inApp = new Set<string>()
        const appLocales = new Map<string, string[]>()
        const parts: string[] = []
        for (const [group, entries] of Object.entries(GROUPS)) {
          const seen = group === 'app' ? inApp : new Set(inApp)
          const files: string[] = []
          const visit = (file: string) => {
            if (seen.has(file)) return
            seen.add(file)
            files.push(file)
            for (const next of byFile.get(file)?.imports ?? []) visit(next)
          }
          for (const entry of entries) {
            const chunk = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(entry))
            if (!chunk) throw new Error(`signed-in preload: no chunk for ${entry}`)
            visit(chunk.fileName)
          }
          // The page's entry chunk is already loaded by then; what it shares with the app group is listed there.
          const own = files.filter((f) => !(byFile.get(f)?.facadeModuleId ?? '').endsWith('index.html'))
          const css = new Set(own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))
          parts.push(`${group}:${[...own, ...css].map((f) => f.replace(/^assets\//, '')).join(',')}`)
          for (const language of UI_LANGUAGES) {
            // A namespace's chunk is its own, or the one a codeSplitting group put it in with others (listed once).
            const bundles = FIRST_PAINT_NAMESPACES[group as FirstPaintGroup].map((namespace) => {
              const module = `/locales/${language}/${namespace}.json`
              const chunk = chunks.find((c) => c.type === 'chunk' && (c.facadeModuleId?.endsWith(module) || c.moduleIds?.some((id) => id.endsWith(module))))
              if (!chunk) throw new Error(`signed-in preload: no chunk for locales/${language}/${namespace}.json`)
              return chunk.fileName.replace(/^assets\//, '')
            })
            const appBundles = new Set(group === 'app' ? [] : appLocales.get(language))
            const ownBundles = [...new Set(bundles)].filter((file) => !appBundles.has(file))
            if (group === 'app') appLocales.set(language, ownBundles)
            parts.push(`${group}@${language}:${ownBundles.join(',')}`)
          }
        }
        // Before boot.js, so it is there whenever the script boot.js adds runs.
        const tag = '<script src="/boot.js"></script>'
        if (!html.includes(tag)) throw new Error('signed-in preload: index.html has no boot.js script')
        return html.replace(tag, `<meta name="dehieu-preload" content="${parts.join(' ')}" />\n    ${tag}`)
      },
    },
  }
}
