// Reads a Chromium performance trace (Playwright's browser.startTracing) of one navigation to the table editor:
// the renderer main thread's time from navigation start to the `first-rows-painted` mark, by category.

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
]
/** JavaScript CPU samples: useful, but the sampler costs main-thread time of its own */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler'

export const CATEGORY_ORDER = [
  'script parse/compile',
  'script evaluation',
  'garbage collection',
  'HTML parse',
  'style',
  'layout',
  'paint and commit',
  'other (tasks, IPC, loading)',
] as const
type Category = (typeof CATEGORY_ORDER)[number]

/** Trace event names, to the category their own (self) time counts under; a name not here counts as its parent's. */
const CATEGORY_OF: [RegExp, Category][] = [
  [/GC|Scavenge|MarkCompact|Sweep/i, 'garbage collection'],
  [
    /^v8\.(compile|compileModule|produceModuleCache|produceCache|parseOnBackground|deserializeOnBackground)|^V8\.Compile|^v8\.compile/i,
    'script parse/compile',
  ],
  [
    /^(EvaluateScript|v8\.evaluateModule|v8\.run|v8\.callFunction|FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|v8\.newInstance|V8\.Execute|XHRReadyStateChange|FireIdleCallback)$/,
    'script evaluation',
  ],
  [/^ParseHTML$/, 'HTML parse'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections|HitTest)$/, 'layout'],
  [/^(Paint|PrePaint|PaintImage|Layerize|Commit|CompositeLayers|UpdateLayer|Decode Image)$/, 'paint and commit'],
  [/^(RunTask|ThreadControllerImpl::RunTask)$/, 'other (tasks, IPC, loading)'],
]

interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: Record<string, unknown>; [key: string]: unknown }
}

export interface FirstRowsTrace {
  /** navigation start → first rows painted, wall clock */
  windowMs: number
  /** the main thread's time in tasks over that window: CPU time and wall clock */
  busyThreadMs: number
  busyWallMs: number
  threadMs: Partial<Record<Category, number>>
  wallMs: Partial<Record<Category, number>>
  /** when things happened, ms after navigation start */
  milestones: Record<string, number>
  /** the scripts' paths asked for before the paint */
  scriptsBeforePaint: string[]
}

function categoryOf(name: string): Category | undefined {
  for (const [pattern, category] of CATEGORY_OF) if (pattern.test(name)) return category
  return undefined
}

/** A script's path on the server; V8's own scripts ('v8/LoadTimes') as they are named. */
function fileOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined
  return URL.canParse(url) ? new URL(url).pathname : url
}

export function analyseFirstRowsTrace(trace: unknown, paintedMs: number): FirstRowsTrace {
  const events: TraceEvent[] = Array.isArray(trace) ? trace : (trace as { traceEvents: TraceEvent[] }).traceEvents
  const mark = events.find((e) => e.name === 'first-rows-painted' && e.cat.includes('blink.user_timing'))
  if (!mark) throw new Error('the trace has no first-rows-painted mark')
  const { pid, tid } = mark
  const end = mark.ts
  const start = end - paintedMs * 1000
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid)

  // complete events on the main thread that overlap the window, outermost first
  const spans = onMain
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts < end && e.ts + (e.dur ?? 0) > start)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const threadMs: FirstRowsTrace['threadMs'] = {}
  const wallMs: FirstRowsTrace['wallMs'] = {}
  let busyThread = 0
  let busyWall = 0

  interface Open {
    event: TraceEvent
    end: number
    wall: number
    thread: number
    childWall: number
    childThread: number
    category: Category
  }
  const stack: Open[] = []
  const close = (open: Open) => {
    const selfWall = Math.max(0, open.wall - open.childWall)
    const selfThread = Math.max(0, open.thread - open.childThread)
    wallMs[open.category] = (wallMs[open.category] ?? 0) + selfWall / 1000
    threadMs[open.category] = (threadMs[open.category] ?? 0) + selfThread / 1000
  }
  for (const event of spans) {
    const eventEnd = event.ts + (event.dur ?? 0)
    while (stack.length > 0 && (stack.at(-1) as Open).end <= event.ts) close(stack.pop() as Open)
    const clippedWall = Math.min(eventEnd, end) - Math.max(event.ts, start)
    // thread time is clipped in the same proportion as the wall clock
    const clippedThread = (event.tdur ?? event.dur ?? 0) * (event.dur ? clippedWall / event.dur : 1)
    const parent = stack.at(-1)
    if (parent) {
      parent.childWall += clippedWall
      parent.childThread += clippedThread
    } else {
      busyWall += clippedWall
      busyThread += clippedThread
    }
    stack.push({
      event,
      end: eventEnd,
      wall: clippedWall,
      thread: clippedThread,
      childWall: 0,
      childThread: 0,
      category: categoryOf(event.name) ?? parent?.category ?? 'other (tasks, IPC, loading)',
    })
  }
  while (stack.length > 0) close(stack.pop() as Open)

  const at = (ts: number) => (ts - start) / 1000
  const milestones: Record<string, number> = {}
  const first = (label: string, predicate: (e: TraceEvent) => boolean) => {
    const event = onMain.find((e) => e.ts >= start && e.ts <= end && predicate(e))
    if (event) milestones[label] = at(event.ts)
  }
  const lastEnd = (label: string, predicate: (e: TraceEvent) => boolean) => {
    const matching = onMain.filter((e) => e.ts >= start && e.ts <= end && predicate(e))
    const last = matching.at(-1)
    if (last) milestones[label] = at(last.ts + (last.dur ?? 0))
  }
  first('HTML parsed (inline script runs)', (e) => e.name === 'EvaluateScript')
  first('entry chunk compiled', (e) => e.name === 'v8.compileModule')
  first('entry chunk evaluation starts', (e) => e.name === 'v8.evaluateModule')
  lastEnd('last chunk evaluation ends', (e) => e.name === 'v8.evaluateModule')
  const responses = events.filter(
    (e) => e.name === 'ResourceFinish' && e.ts >= start && e.ts <= end && e.pid === pid && e.tid === tid,
  )
  const requests = new Map<string, string>()
  for (const e of events) {
    if (e.name === 'ResourceSendRequest' && e.ts >= start && e.ts <= end && e.pid === pid) {
      const url = fileOf(e.args?.data?.url)
      if (url) requests.set(String(e.args?.data?.requestId), url)
    }
  }
  const rowsRequest = [...requests].find(([, url]) => url.endsWith('/rows/query'))
  const rowsDone = responses.find((e) => rowsRequest && String(e.args?.data?.requestId) === rowsRequest[0])
  if (rowsDone) milestones['first rows response in'] = at(rowsDone.ts)
  first('first rows in the DOM', (e) => e.name === 'first-rows-in-dom')
  lastEnd('last style/layout before the mark ends', (e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree')
  milestones['first rows painted'] = at(end)

  return {
    windowMs: paintedMs,
    busyThreadMs: busyThread / 1000,
    busyWallMs: busyWall / 1000,
    threadMs,
    wallMs,
    milestones,
    scriptsBeforePaint: [...new Set([...requests.values()].filter((url) => url.endsWith('.js')))],
  }
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number }
}

export interface SampledJavaScript {
  /** sampled time (wall clock between samples) by script file, or by V8's own work: (program), (garbage collector) */
  byFile: Record<string, number>
  /** the same by function, "name file:line:column" */
  byFunction: Record<string, number>
}

/**
 * The main thread's JavaScript CPU samples (the `disabled-by-default-v8.cpu_profiler` category) between navigation
 * start and the first-rows-painted mark, charged to the function each sample was in (self time).
 */
export function sampledJavaScript(trace: unknown, paintedMs: number): SampledJavaScript {
  const events: TraceEvent[] = Array.isArray(trace) ? trace : (trace as { traceEvents: TraceEvent[] }).traceEvents
  const mark = events.find((e) => e.name === 'first-rows-painted' && e.cat.includes('blink.user_timing'))
  if (!mark) throw new Error('the trace has no first-rows-painted mark')
  const end = mark.ts
  const start = end - paintedMs * 1000
  const profile = events.find((e) => e.name === 'Profile' && e.pid === mark.pid && e.tid === mark.tid) as
    | (TraceEvent & { id: string })
    | undefined
  const byFile: Record<string, number> = {}
  const byFunction: Record<string, number> = {}
  if (!profile) return { byFile, byFunction }
  const nodes = new Map<number, ProfileNode>()
  let time = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts)
  const chunks = events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === mark.pid && (e as { id?: string }).id === profile.id,
  )
  for (const chunk of chunks) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const samples = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    samples.forEach((nodeId, i) => {
      const delta = deltas[i] ?? 0
      time += delta
      // the next delta is how long this sample stood for; the current one is close enough at 100 µs sampling
      if (time < start || time > end) return
      const frame = nodes.get(nodeId)?.callFrame
      if (!frame || frame.functionName === '(idle)') return
      const file = fileOf(frame.url) ?? frame.functionName
      byFile[file] = (byFile[file] ?? 0) + delta / 1000
      const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber ?? 0}:${frame.columnNumber ?? 0}`
      byFunction[name] = (byFunction[name] ?? 0) + delta / 1000
    })
  }
  return { byFile, byFunction }
}
