/**
 * Renders a public page to HTML at build time (used by pwa/build/prerender-plugin.ts). The tree is the
 * app's own routes under a static router, with every translation loaded up front, so the browser can
 * hydrate the same markup. Its own i18next instance reaches react-i18next's useTranslation through
 * I18nextProvider (the browser's instance registers itself with initReactI18next instead).
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { createInstance, type Resource } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { ALL_LANGUAGES, FALLBACK_LANGUAGE, NAMESPACES } from '../i18n/config.ts'
import { AppRoutes } from './App.tsx'
import { PreLaunchContext } from '../features/public/launch.ts'

const bundles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' })

function resources(): Resource {
  const all: Resource = {}
  for (const [file, content] of Object.entries(bundles)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? []
    if (!language || !namespace) continue
    all[language] ??= {}
    all[language][namespace] = content
  }
  return all
}

export interface PrerenderedPage {
  html: string
  title: string
  description: string
}

export async function renderPage(url: string, language: string, preLaunch = false): Promise<PrerenderedPage> {
  const i18n = createInstance()
  await i18n.init({
    lng: language,
    supportedLngs: [...ALL_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: resources(),
    interpolation: { escapeValue: false },
  })
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PreLaunchContext.Provider value={preLaunch}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </PreLaunchContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  const explainer = url !== '/'
  const t = i18n.getFixedT(language)
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    title: `${t(explainer ? 'explainer:pageTitle' : 'landing:pageTitle')} · ${t('common:appName')}`,
    description: t(explainer ? 'explainer:intro' : 'landing:hero.lead'),
  }
}
