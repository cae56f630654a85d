/**
 * A modal dialog: focus moves in and is trapped (Tab and Shift+Tab cycle), Esc closes unless the
 * owner says closing is blocked (e.g. while sending), the page behind does not scroll, and focus goes
 * back to whatever opened it. Built by hand because <dialog> is missing from Safari 14, which the spec
 * still supports.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import './Dialog.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Open dialogs, newest last: only the top one answers the keyboard. */
const stack: object[] = []

export interface DialogProps {
  title: string
  onClose: () => void
  /** False while something must finish first (a send in flight): Esc and the backdrop do nothing. */
  canClose?: boolean
  children: ReactNode
  footer?: ReactNode
  /** The element to focus first; defaults to the first focusable one. */
  initialFocus?: React.RefObject<HTMLElement | null>
  testId?: string
  /** 'sheet': docked at the bottom on a phone (a filters sheet), centred as usual on a wider screen. */
  variant?: 'sheet'
}

export function Dialog({ title, onClose, canClose = true, children, footer, initialFocus, testId, variant }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const closeState = useRef({ canClose, onClose })
  useLayoutEffect(() => {
    closeState.current = { canClose, onClose }
  })

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const token = {}
    stack.push(token)
    document.documentElement.classList.add('scroll-locked')
    const first = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current
    first?.focus()
    // On the document, not the panel: focus can fall to <body> when a focused field turns disabled
    // (while saving), and Esc and Tab must still work then.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault()
        if (closeState.current.canClose) closeState.current.onClose()
        return
      }
      if (event.key !== 'Tab' || !panel.current) return
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.offsetParent !== null || element === document.activeElement,
      )
      if (items.length === 0) {
        event.preventDefault()
        return
      }
      const first = items[0]
      const last = items[items.length - 1]
      if (event.shiftKey && (document.activeElement === first || !panel.current.contains(document.activeElement))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (document.activeElement === last || !panel.current.contains(document.activeElement))) {
        event.preventDefault()
        first.focus()
      }
    }

    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] === token) onKeyDown(event)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      stack.splice(stack.indexOf(token), 1)
      if (stack.length === 0) document.documentElement.classList.remove('scroll-locked')
      opener?.focus()
    }
    // Focus moves in once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div
      className={variant === 'sheet' ? 'dialog-backdrop dialog-backdrop-sheet' : 'dialog-backdrop'}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && closeState.current.canClose) closeState.current.onClose()
      }}
    >
      <div
        ref={panel}
        className={variant === 'sheet' ? 'dialog dialog-sheet' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </div>
  )
}
