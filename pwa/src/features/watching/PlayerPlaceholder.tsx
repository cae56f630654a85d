/**
 * The player's place while what it plays is still being decided (the download on this device, or the
 * stream's fresh grant): the poster in the frame the player will fill, so the page neither jumps when the
 * player arrives nor waits for it to show its largest picture (issue 32).
 */
import '../player/player.css'

export function PlayerPlaceholder({ poster, label }: { poster?: string; label: string }) {
  return (
    <div className="player" data-testid="player-placeholder">
      <div className="player-stage">
        <div className="player-frame">
          {poster ? <img className="player-placeholder-poster" src={poster} alt="" fetchPriority="high" /> : null}
          <span className="visually-hidden" role="status">
            {label}
          </span>
        </div>
      </div>
    </div>
  )
}
