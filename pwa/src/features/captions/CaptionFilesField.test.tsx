import { cleanup, render as renderBare, screen } from '@testing-library/react'
import { createInstance } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import captions from '../../../../locales/en/captions.json'
import { CaptionFilesField } from './CaptionFilesField.tsx'

afterEach(cleanup)

// The English copy itself, so the labels a contributor reads are what is checked.
const i18n = createInstance()
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { captions } }, interpolation: { escapeValue: false } })
const render = (element: ReactElement) => renderBare(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>)

const fileInputs = () => [...document.querySelectorAll('input[type="file"]')].map((input) => input.getAttribute('data-testid'))

describe("the upload form's caption files", () => {
  it('offers a Cantonese submission a Cantonese and an English file, and no Vietnamese one', async () => {
    render(<CaptionFilesField language="yue" value={{}} onChange={() => {}} resetKey={0} />)
    expect(await screen.findByLabelText('Cantonese captions')).toBeTruthy()
    expect(screen.getByLabelText('English captions')).toBeTruthy()
    expect(fileInputs()).toEqual(['caption-file-yue', 'caption-file-en'])
    expect(screen.getByText(/Cantonese first; English if you have it/)).toBeTruthy()
  })

  it('offers a Vietnamese submission a Vietnamese and an English file', async () => {
    render(<CaptionFilesField language="vi" value={{}} onChange={() => {}} resetKey={0} />)
    expect(await screen.findByLabelText('Vietnamese captions')).toBeTruthy()
    expect(fileInputs()).toEqual(['caption-file-vi', 'caption-file-en'])
  })
})
