/** Time comes from here so tests can move it (code expiry, cooldowns, rate windows) without sleeping. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
