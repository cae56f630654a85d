/**
 * The player's place while what it plays is still being decided (the download on this device, or the
 * stream's fresh grant): the poster in the frame the player will fill, so the page neither jumps when the
 * player arrives nor waits for it to show its largest picture (issue 32).
 */
import './player.css'

export function PlayerPlaceholder({ poster, label }: { poster?: string; label: string }) {
  return (
    <div className="player" data-testid="player-placeholder">
      <div className="player-stage">
        <div className="player-frame">
          {/* A <video> showing the poster, not an <img>: the same box the player's <video> will have, to the
              pixel, so the picture painted first stays the page's largest paint when the player replaces it. */}
          {poster ? <video poster={poster} preload="none" playsInline muted aria-hidden="true" tabIndex={-1} /> : null}
          <span className="visually-hidden" role="status">
            {label}
          </span>
        </div>
      </div>
    </div>
  )
}
