import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Dialog } from './Dialog.tsx'

afterEach(cleanup)

function renderDialog(props: { canClose?: boolean; onClose?: () => void } = {}) {
  const onClose = props.onClose ?? vi.fn()
  render(
    <>
      <button type="button">outside</button>
      <Dialog title="Settings" onClose={onClose} canClose={props.canClose} footer={<button type="button">Save</button>}>
        <input aria-label="name" />
      </Dialog>
    </>,
  )
  return onClose
}

describe('Dialog', () => {
  it('is a labelled modal that takes focus and locks the page scroll', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Settings' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('name'))
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(true)
    cleanup()
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(false)
  })

  it('closes on Escape unless closing is blocked', () => {
    const onClose = renderDialog()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledOnce()
    cleanup()
    const blocked = renderDialog({ canClose: false })
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(blocked).not.toHaveBeenCalled()
  })

  it('keeps Tab inside the dialog, also when focus has fallen to the page', () => {
    renderDialog()
    const save = screen.getByRole('button', { name: 'Save' })
    act(() => save.focus())
    fireEvent.keyDown(save, { key: 'Tab' })
    expect(document.activeElement).toBe(screen.getByLabelText('name'))
    fireEvent.keyDown(screen.getByLabelText('name'), { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(save)
    act(() => screen.getByRole('button', { name: 'outside' }).focus())
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
  })
})
