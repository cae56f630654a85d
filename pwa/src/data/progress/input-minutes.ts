/**
 * The one rounding rule for minutes of input a person reads (issue 41 item 8): whole minutes, rounded
 * down. The header, the progress page, the heatmap and the roadmap all show today's input through it,
 * so one screen never says "1 / 15 min" in one place and "2 min" in another; rounding down also agrees
 * with the server's goal_met (seconds >= goal × 60), so "15 / 15 min" never shows before the goal is met.
 * Today's input is the day's watch_seconds, which already holds the seconds listened (listen_seconds is
 * the part of it spent in listening mode), so nothing adds the two again.
 */
export function inputMinutes(seconds: number): number {
  return Math.max(0, Math.floor(seconds / 60))
}
