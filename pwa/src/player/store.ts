/** A minimal external store: one state object, replaced (never mutated) on each change. */
export interface Store<T> {
  get(): T
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch) {
      const changes = typeof patch === 'function' ? patch(state) : patch
      let changed = false
      for (const key of Object.keys(changes) as Array<keyof T>) {
        if (!Object.is(changes[key], state[key])) changed = true
      }
      if (!changed) return
      state = { ...state, ...changes }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
