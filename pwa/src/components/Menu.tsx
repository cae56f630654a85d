/**
 * A menu button: Enter/Space/click opens it and focuses the first item, arrow keys move between
 * enabled items, Esc closes it and returns focus to the button, and a click elsewhere closes it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface MenuProps {
  label: string
  button: ReactNode
  buttonClassName?: string
  align?: 'start' | 'end'
  testId?: string
  children: (close: () => void) => ReactNode
}

const ITEMS = '[role^="menuitem"]:not([aria-disabled="true"])'

export function Menu({ label, button, buttonClassName, align = 'end', testId, children }: MenuProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const buttonId = useId()

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>(ITEMS)?.focus()
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointer)
    return () => document.removeEventListener('mousedown', onPointer)
  }, [open])

  // Back to the button: a dialog an item opens then returns focus there when it closes (issue 32).
  // Found by its id, not the ref: `close` is handed to the items during render.
  const close = () => {
    setOpen(false)
    document.getElementById(buttonId)?.focus()
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  return (
    <div className="menu" data-testid={testId}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`menu-list menu-${align}`}
          onKeyDown={onKeyDown}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  )
}
