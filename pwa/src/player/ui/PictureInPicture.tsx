/**
 * Our own Picture-in-Picture, where the browser has an API for it. With Document Picture-in-Picture
 * (Chromium) the floating window takes the picture and the line with it: the <video> element itself
 * moves into that window (it plays on, hls.js and all) under our captions, and comes back when the
 * window closes. Elsewhere (Safari) the <video> alone floats (requestPictureInPicture), without our
 * captions, which the browser cannot draw there. A browser with neither API gets no button (Firefox
 * before Document Picture-in-Picture: its own toggle, which player.css keeps clear of our captions).
 * Not offered in listening mode: there is no picture to float.
 */
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { CaptionOverlay } from './CaptionOverlay.tsx'
import { Icon } from './icons.tsx'

interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>
  readonly window: Window | null
}

function documentPip(): DocumentPictureInPicture | null {
  return (window as Window & { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture ?? null
}

/** Whether this browser can float our video at all. */
export function canFloat(): boolean {
  return documentPip() !== null || (typeof document !== 'undefined' && document.pictureInPictureEnabled === true)
}

/** The page's styles, copied: a Document Picture-in-Picture window starts with none. */
function copyStyles(into: Document): void {
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      const style = into.createElement('style')
      style.textContent = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n')
      into.head.append(style)
    } catch {
      // A sheet whose rules cannot be read (another origin): linked instead.
      if (!sheet.href) continue
      const link = into.createElement('link')
      link.rel = 'stylesheet'
      link.href = sheet.href
      into.head.append(link)
    }
  }
}

/** The floating window's or element's state, and the button's action. */
export function usePictureInPicture(video: HTMLVideoElement | null) {
  const [pipWindow, setPipWindow] = useState<Window | null>(null)
  const [elementFloating, setElementFloating] = useState(false)
  useEffect(() => {
    if (!video) return
    const entered = () => setElementFloating(true)
    const left = () => setElementFloating(false)
    video.addEventListener('enterpictureinpicture', entered)
    video.addEventListener('leavepictureinpicture', left)
    return () => {
      video.removeEventListener('enterpictureinpicture', entered)
      video.removeEventListener('leavepictureinpicture', left)
    }
  }, [video])
  // The player goes away (another page, another source): its window goes with it.
  useEffect(() => () => pipWindow?.close(), [pipWindow])

  const toggle = async () => {
    if (!video) return
    if (pipWindow) return pipWindow.close()
    if (document.pictureInPictureElement) return void (await document.exitPictureInPicture().catch(() => undefined))
    const api = documentPip()
    if (api) {
      const width = Math.max(320, Math.round(video.clientWidth / 2))
      const opened = await api.requestWindow({ width, height: Math.round((width * 9) / 16) }).catch(() => null)
      if (!opened) return
      copyStyles(opened.document)
      opened.addEventListener('pagehide', () => setPipWindow(null), { once: true })
      setPipWindow(opened)
      return
    }
    await video.requestPictureInPicture().catch(() => undefined)
  }
  return { floating: pipWindow !== null || elementFloating, pipWindow, toggle }
}

export function PictureInPictureButton({ floating, onToggle }: { floating: boolean; onToggle: () => void }) {
  const { t } = useTranslation('watch')
  return (
    <button type="button" className="player-icon-button" aria-pressed={floating} aria-label={t('player.pictureInPicture')} onClick={onToggle} data-testid="player-pip">
      <Icon name="pictureInPicture" />
    </button>
  )
}

/**
 * The floating window's content: the <video> moved in (and put back where it was on closing) with our
 * captions drawn over it, from the same player state (the portal keeps React's context and events).
 */
export function FloatingPlayer({ pipWindow, video }: { pipWindow: Window; video: HTMLVideoElement }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const place = host.current
    const home = video.parentElement
    const next = video.nextSibling
    if (!place || !home) return
    const playing = !video.paused
    place.prepend(video)
    // Moving a media element between documents may pause it; it plays on as it did.
    if (playing && video.paused) void video.play().catch(() => undefined)
    // Put back as the window goes (pagehide), before its closing document pauses what it holds.
    const putBack = () => {
      if (video.parentElement === home) return
      const wasPlaying = !video.paused
      home.insertBefore(video, next && next.parentNode === home ? next : home.firstChild)
      if (wasPlaying && video.paused) void video.play().catch(() => undefined)
    }
    pipWindow.addEventListener('pagehide', putBack)
    return () => {
      pipWindow.removeEventListener('pagehide', putBack)
      putBack()
    }
  }, [video, pipWindow])
  return createPortal(
    <div className="player-floating" ref={host} data-testid="player-floating">
      <div className="player-floating-captions">
        <CaptionOverlay />
      </div>
    </div>,
    pipWindow.document.body,
  )
}
