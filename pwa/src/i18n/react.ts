/**
 * The React side of i18next, in a few lines (react-i18next would add ~3 KB to every page's budget).
 * useTranslation(namespaces, { lng }) suspends until those namespaces are loaded (pages sit inside
 * <Suspense>), re-renders on a language change inside a transition (so the page stays on screen while
 * the new language loads), and reads the instance from context, so prerendering can pass its own.
 */
import { createContext, startTransition, useContext, useEffect, useMemo, useState } from 'react'
import i18next, { type i18n as I18n, type TFunction } from 'i18next'

const I18nContext = createContext<I18n>(i18next)
export const I18nProvider = I18nContext.Provider

const loads = new Map<string, Promise<void>>()

function ensureLoaded(instance: I18n, language: string | undefined, namespaces: readonly string[]): Promise<void> {
  const key = `${language ?? ''}|${namespaces.join(',')}`
  let loading = loads.get(key)
  if (!loading) {
    loading = language ? instance.loadNamespaces([...namespaces]).then(() => instance.loadLanguages(language)) : instance.loadNamespaces([...namespaces])
    // A failed load is retried next time rather than cached forever.
    loading = loading.catch(() => void loads.delete(key))
    loads.set(key, loading)
  }
  return loading
}

export interface UseTranslationOptions {
  /** Render in this language whatever the interface language is (the fixed-language explainer copies). */
  lng?: string
  /** False where suspending is not possible (the loading placeholder itself). */
  useSuspense?: boolean
}

export function useTranslation(
  namespaces: string | readonly string[] = 'common',
  options: UseTranslationOptions = {},
): { t: TFunction; i18n: I18n } {
  const instance = useContext(I18nContext)
  const [language, setLanguage] = useState(instance.language)
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces
  const key = list.join(',')

  useEffect(() => {
    const onChange = (next: string) => startTransition(() => setLanguage(next))
    instance.on('languageChanged', onChange)
    if (instance.language !== language) onChange(instance.language)
    return () => instance.off('languageChanged', onChange)
    // Subscribed once per instance; `language` is only compared at subscription time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instance])

  const lng = options.lng ?? language
  const initialized = instance.isInitialized
  const t = useMemo(
    () =>
      initialized
        ? (instance.getFixedT(lng, list as string[]) as TFunction)
        : // Before i18next has started (unit tests, a failed start) texts fall back to their defaults.
          (((key: string, fallback?: unknown) => (typeof fallback === 'string' ? fallback : key)) as unknown as TFunction),
    // `key` stands for the namespace list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [instance, lng, key, initialized],
  )

  // Suspends the classic way (throwing the promise), as react-i18next does: `use()` here would make
  // React replay the component and trip over the hooks its caller runs after this one.
  const ready = list.every((namespace) => instance.hasLoadedNamespace(namespace, { lng }))
  if (!ready && options.useSuspense !== false) throw ensureLoaded(instance, lng, list)
  return { t, i18n: instance }
}
