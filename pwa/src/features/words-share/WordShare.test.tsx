import { cleanup, render } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import enWatch from '../../../../locales/en/watch.json'
import enWords from '../../../../locales/en/words-progress.json'
import viWatch from '../../../../locales/vi/watch.json'
import viWords from '../../../../locales/vi/words-progress.json'
import { WordShare } from './WordShare.tsx'

afterEach(cleanup)

const i18n = createInstance()
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { watch: enWatch, 'words-progress': enWords }, vi: { watch: viWatch, 'words-progress': viWords } },
  interpolation: { escapeValue: false },
})

/** As a card draws it: with the card's own `t`, of another namespace. */
function Card({ percent, newCount }: { percent: number; newCount: number }) {
  const { t } = useTranslation('watch')
  return <WordShare t={t} percent={percent} newCount={newCount} />
}

const shown = (element: HTMLElement) => element.querySelector('[aria-hidden="true"]:not(.word-share-meter)')!.textContent
const heard = (element: HTMLElement) => element.querySelector('.visually-hidden')!.textContent

describe('the share line on a card', () => {
  it('reads the same on every card holding the same figures, and in the language chosen since', async () => {
    await i18n.changeLanguage('en')
    const { getAllByTestId, rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Card percent={87} newCount={12} />
        <Card percent={87} newCount={1} />
        <Card percent={100} newCount={0} />
      </I18nextProvider>,
    )
    const [first, second, all] = getAllByTestId('word-share')
    expect(shown(first!)).toBe('You know 87% of the words · 12 new')
    expect(heard(first!)).toBe("You know 87% of this video's words; 12 are new to you")
    expect(shown(second!)).toBe('You know 87% of the words · 1 new')
    expect(shown(all!)).toBe('You know every word')

    await i18n.changeLanguage('vi')
    rerender(
      <I18nextProvider i18n={i18n}>
        <Card percent={87} newCount={12} />
      </I18nextProvider>,
    )
    const [again] = getAllByTestId('word-share')
    expect(shown(again!)).toBe('Bạn biết 87% số từ · 12 từ mới')
    expect(heard(again!)).toBe('Bạn biết 87% số từ của video này; 12 từ còn mới với bạn')
  })
})
