/**
 * The long tasks of a Chromium performance trace (categories in TRACE_CATEGORIES), each with what it ran:
 * the trace events it spent its time in (script, style, layout, compile, GC, …; self time), the layouts
 * and style recalculations JavaScript forced, and, from V8's sampling profiler, the source modules and
 * functions whose code was running (through the build's source maps when it has them).
 */
import type { SourcePosition } from './source-maps.ts'

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> }
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

export interface LongTask {
  /** Milliseconds since the trace's navigation start (or its first event). */
  startMs: number
  durationMs: number
  /** What started it: the first event inside (a script's evaluation, a timer, an event, a parse). */
  startedBy: string
  /** Self time per trace event kind, largest first. */
  kinds: Array<{ kind: string; ms: number }>
  /** Layouts and style recalculations run from inside JavaScript (forced), with their time. */
  forced: { count: number; ms: number; from: string[] }
  /** Where the sampled time was spent: the nearest frame of our own source (pwa/src, contract) or else the library. */
  code: Array<{ where: string; ms: number }>
}

type Mapper = (urlPath: string, line: number, column: number) => SourcePosition | null

const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'FireIdleCallback', 'RunMicrotasks', 'v8.callFunction', 'V8.Execute'])
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** The renderer main thread that ran the most: the page's. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  let best = { pid: 0, tid: 0, busy: -1 }
  for (const thread of names) {
    const busy = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && TASK_EVENTS.has(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0)
    if (busy > best.busy) best = { pid: thread.pid, tid: thread.tid, busy }
  }
  return best
}

function kindOf(event: TraceEvent): string {
  const name = event.name
  if (SCRIPT_EVENTS.has(name)) return 'script'
  if (name.startsWith('v8.compile') || name === 'v8.parseOnBackground' || name === 'CacheScript' || name === 'V8.CompileCode' || name.startsWith('v8.produce')) return 'compile'
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ParseAuthorStyleSheet') return 'style'
  if (name === 'Layout') return 'layout'
  if (/GC/.test(name)) return 'gc'
  if (name === 'ParseHTML') return 'parse HTML'
  if (['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'IntersectionObserverController::computeIntersections'].includes(name)) return 'paint'
  return name
}

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? event.args?.beginData ?? {}
  const url = typeof data.url === 'string' ? data.url.replace(/^https?:\/\/[^/]+/, '') : ''
  if (event.name === 'EventDispatch') return `event ${String(data.type)}`
  if (event.name === 'TimerFire') return 'a timer'
  if (event.name === 'FireAnimationFrame') return 'an animation frame'
  if (event.name === 'FireIdleCallback') return 'an idle callback'
  if (event.name === 'ParseHTML') return 'parsing the HTML'
  if (url) return `${event.name} ${url}`
  return event.name
}

/** The profile's samples as [timestamp µs, node] on the trace's clock. */
function samplesOf(events: TraceEvent[], pid: number): { at: number[]; nodes: Map<number, ProfileNode>; sampleNode: number[] } {
  const nodes = new Map<number, ProfileNode>()
  const at: number[] = []
  const sampleNode: number[] = []
  const starts = new Map<string, number>()
  for (const event of events) if (event.name === 'Profile' && event.pid === pid) starts.set(event.id ?? '', Number(event.args?.data?.startTime ?? event.ts))
  const clock = new Map<string, number>()
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue
    const id = event.id ?? ''
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let time = clock.get(id) ?? starts.get(id) ?? event.ts
    const samples = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    for (let i = 0; i < samples.length; i++) {
      time += deltas[i] ?? 0
      at.push(time)
      sampleNode.push(samples[i]!)
    }
    clock.set(id, time)
  }
  return { at, nodes, sampleNode }
}

function own(source: string): boolean {
  return /^(pwa\/src|contract)\//.test(source)
}

/** Names a profile node: its source module and function through the map, else its URL's file and function name. */
function frameName(node: ProfileNode, map: Mapper): { where: string; own: boolean } {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame
  if (!url) return { where: functionName || '(native)', own: false }
  const urlPath = url.replace(/^https?:\/\/[^/]+/, '')
  const mapped = map(urlPath, lineNumber, columnNumber)
  if (!mapped) return { where: `${urlPath.replace(/^\/assets\//, '')} ${functionName || '(anonymous)'}`, own: false }
  const module = mapped.source.replace(/^node_modules\/(\.pnpm\/)?((@[^/]+\/)?[^/]+).*$/, '$2')
  return { where: own(mapped.source) ? `${mapped.source} ${mapped.name ?? functionName ?? ''}`.trim() : module, own: own(mapped.source) }
}

type Samples = ReturnType<typeof samplesOf>

/** Milliseconds of sampled time between two trace timestamps (µs), per module or own function. */
function sampledCode(profile: Samples, nameOf: (id: number) => { where: string; own: boolean }, from: number, to: number): Map<string, number> {
  const code = new Map<string, number>()
  for (let i = 0; i < profile.at.length; i++) {
    const time = profile.at[i]!
    if (time < from || time > to) continue
    const interval = ((profile.at[i + 1] ?? time) - time) / 1000
    // The nearest frame of our own code on the stack, else the leaf's library (or the VM's "(program)", "(garbage collector)").
    let id: number | undefined = profile.sampleNode[i]!
    let where = nameOf(id).where
    while (id !== undefined) {
      const named = nameOf(id)
      if (named.own) {
        where = named.where
        break
      }
      id = profile.nodes.get(id)?.parent
    }
    code.set(where, (code.get(where) ?? 0) + interval)
  }
  return code
}

function namer(profile: Samples, map: Mapper): (id: number) => { where: string; own: boolean } {
  const names = new Map<number, { where: string; own: boolean }>()
  return (id) => {
    if (!names.has(id)) names.set(id, frameName(profile.nodes.get(id)!, map))
    return names.get(id)!
  }
}

export interface FirstPaintWork {
  /** The first contentful paint and the last largest-contentful-paint candidate, ms since navigation start (null: none in the trace). */
  fcpMs: number | null
  lcpMs: number | null
  /** The main thread's tasks from navigation start to the first contentful paint: their count and time, whatever their length. */
  tasks: number
  busyMs: number
  /** Where the sampled time before that paint went, largest first (what the first paint waited on the CPU for). */
  code: Array<{ where: string; ms: number }>
}

/**
 * The main thread's work before the first contentful paint (issue 48): on a signed-in start the page paints once,
 * complete, so all of it stands between the first page of data and the poster's render, whether or not it comes in
 * tasks over 50 ms (React's time-sliced first render is many 5 ms tasks).
 */
export function firstPaintWork(trace: { traceEvents: TraceEvent[] } | TraceEvent[], map: Mapper, top = 12): FirstPaintWork {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const { pid, tid } = mainThread(events)
  // The page's own navigation, not the blank page's before it.
  const starts = events.filter((event) => event.name === 'navigationStart' && event.pid === pid)
  const origin = (starts.find((event) => String(event.args?.data?.documentLoaderURL ?? '').startsWith('http')) ?? starts[0])?.ts ?? 0
  const mark = (name: string) => events.filter((event) => event.name === name && event.pid === pid && event.ts >= origin).sort((a, b) => a.ts - b.ts)
  const fcp = mark('firstContentfulPaint')[0]
  const lcp = mark('largestContentfulPaint::Candidate').at(-1)
  const until = fcp?.ts ?? Infinity
  let busy = 0
  let count = 0
  let lastEnd = 0
  for (const event of events.filter((candidate) => candidate.pid === pid && candidate.tid === tid && candidate.ph === 'X' && TASK_EVENTS.has(candidate.name)).sort((a, b) => a.ts - b.ts)) {
    if (event.ts < origin || event.ts >= until || event.ts < lastEnd) continue
    lastEnd = event.ts + event.dur!
    busy += Math.min(lastEnd, until) - event.ts
    count++
  }
  const profile = samplesOf(events, pid)
  const code = sampledCode(profile, namer(profile, map), origin, until)
  code.delete('(idle)')
  const ms = (ts: number | undefined) => (ts === undefined ? null : Math.round((ts - origin) / 1000))
  return {
    fcpMs: ms(fcp?.ts),
    lcpMs: ms(lcp?.ts),
    tasks: count,
    busyMs: Math.round(busy / 1000),
    code: [...code.entries()].map(([where, spent]) => ({ where, ms: Math.round(spent) })).filter((entry) => entry.ms >= 3).sort((a, b) => b.ms - a.ms).slice(0, top),
  }
}

/** The long tasks (over `thresholdMs`) of the page's main thread in a trace. */
export function longTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[], map: Mapper, thresholdMs = 50): LongTask[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const { pid, tid } = mainThread(events)
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === pid)
  const origin = navigation?.ts ?? thread[0]?.ts ?? 0
  const tasks: TraceEvent[] = []
  for (const event of thread) {
    if (!TASK_EVENTS.has(event.name)) continue
    const last = tasks.at(-1)
    if (last && event.ts < last.ts + last.dur!) continue
    tasks.push(event)
  }
  const profile = samplesOf(events, pid)
  const nameOf = namer(profile, map)
  const result: LongTask[] = []
  for (const task of tasks.filter((event) => event.dur! / 1000 > thresholdMs)) {
    const end = task.ts + task.dur!
    const inside = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= end && !TASK_EVENTS.has(event.name))
    // Self time: each event's duration less its children's, along a stack.
    const self = new Map<string, number>()
    const stack: Array<{ event: TraceEvent; child: number }> = []
    const close = (until: number) => {
      while (stack.length > 0 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= until) {
        const done = stack.pop()!
        const kind = kindOf(done.event)
        self.set(kind, (self.get(kind) ?? 0) + done.event.dur! - done.child)
        if (stack.length > 0) stack.at(-1)!.child += done.event.dur!
      }
    }
    const forced = { count: 0, ms: 0, from: new Set<string>() }
    for (const event of inside) {
      close(event.ts)
      const kind = kindOf(event)
      if ((kind === 'layout' || kind === 'style') && stack.some((open) => kindOf(open.event) === 'script')) {
        forced.count++
        forced.ms += event.dur! / 1000
        const frame = (event.args?.beginData?.stackTrace as Array<{ url: string; functionName: string; lineNumber: number; columnNumber: number }> | undefined)?.[0]
        if (frame) forced.from.add(frameName({ id: 0, callFrame: { ...frame, lineNumber: frame.lineNumber - 1, columnNumber: frame.columnNumber - 1 } }, map).where)
      }
      stack.push({ event, child: 0 })
    }
    close(Infinity)
    const code = sampledCode(profile, nameOf, task.ts, end)
    const first = inside[0]
    result.push({
      startMs: Math.round((task.ts - origin) / 1000),
      durationMs: Math.round(task.dur! / 1000),
      startedBy: first ? describe(first) : 'a task of the browser',
      kinds: [...self.entries()].map(([kind, us]) => ({ kind, ms: Math.round(us / 1000) })).filter((entry) => entry.ms >= 2).sort((a, b) => b.ms - a.ms),
      forced: { count: forced.count, ms: Math.round(forced.ms), from: [...forced.from].slice(0, 4) },
      code: [...code.entries()].map(([where, ms]) => ({ where, ms: Math.round(ms) })).filter((entry) => entry.ms >= 3).sort((a, b) => b.ms - a.ms).slice(0, 6),
    })
  }
  return result
}
