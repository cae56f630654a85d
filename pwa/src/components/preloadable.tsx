/**
 * A page (or a part of one, such as the word sheet) loaded on demand, like React.lazy, that can also be asked for ahead and then renders at once.
 * React.lazy suspends on its first render even when the module has already arrived, and React 19 holds
 * the content that follows a shown fallback back for up to 300 ms (its fallback throttle): on a signed-in
 * start that cost every page a spinner and a third of a second (issue 32). Here `preload()` starts the
 * import, the promise carries its own outcome (the fields React's `use` reads), and once it is fulfilled
 * the page renders in the same pass, with no fallback. A failed import stays failed, as with React.lazy:
 * the error boundary around the page offers the reload.
 */
import { use, type ComponentType, type ReactNode, type ReactPromise } from 'react'

type Module<P> = { default: ComponentType<P> }
/** The fields React's `use` reads to answer a settled promise without suspending. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

export interface Preloadable<P> {
  (props: P): ReactNode
  /** Starts loading (once); resolves when the page can render without suspending. */
  preload(): Promise<unknown>
}

export function preloadable<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loading: Tracked<Module<P>> | undefined
  function preload(): Tracked<Module<P>> {
    if (loading) return loading
    const started: Tracked<Module<P>> = load()
    started.status = 'pending'
    started.then(
      (module) => {
        started.status = 'fulfilled'
        started.value = module
      },
      (error: unknown) => {
        started.status = 'rejected'
        started.reason = error
      },
    )
    loading = started
    return started
  }
  function Page(props: P) {
    const { default: Component } = use(preload() as ReactPromise<Module<P>>)
    return <Component {...props} />
  }
  return Object.assign(Page, { preload })
}
