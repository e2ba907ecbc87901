// Long tasks of a Chromium performance trace (the JSON of Tracing, as
// Playwright's browser.stopTracing() returns it), each with its cause: what
// in it took the most time. Pure: no browser here (scripts/trace-long-tasks.mjs
// records the trace; tests/tooling/long-tasks.test.ts feeds it tables).

/** A task longer than this blocks input (the Long Tasks API, Lighthouse's TBT). */
export const LONG_TASK_MS = 50;

/** What a trace event inside a task says about its cause, or null for events that only wrap others. */
function causeOf(event) {
  const data = event.args?.data ?? {};
  const file = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\/(chunks|entries)\//, "") : "");
  switch (event.name) {
    case "EvaluateScript":
      return `evaluate ${file(data.url) || "inline script"}`;
    case "v8.compileModule":
      return `compile ${file(event.args?.fileName) || "module"}`;
    // A module's evaluation names no file; the loader evaluates one module per task, in order.
    case "v8.evaluateModule":
      return "evaluate a module";
    case "RunMicrotasks":
      return "promise callbacks";
    case "DocumentLoader::CommitNavigation":
    case "DocumentLoader::StartLoadingResponse":
    case "DocumentLoader::FinishedLoading":
      return "navigation";
    case "LocalWindowProxy::Initialize":
      return "new document's script context";
    case "FunctionCall":
      return `run ${file(data.url) || "script"}${data.functionName ? ` ${data.functionName}()` : ""}`;
    case "TimerFire":
      return null;
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
    case "ParseAuthorStyleSheet":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "UpdateLayer":
      return "paint";
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
      return "garbage collection";
    default:
      return null;
  }
}

/**
 * The renderer main thread's tasks over LONG_TASK_MS, in order, each with its
 * start (ms after the first navigation event), duration, and its causes by
 * self time (the time of the named event minus the named events inside it).
 */
export function longTasks(traceEvents) {
  const main = mainThread(traceEvents);
  if (!main) return [];
  const onMain = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && typeof e.dur === "number")
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const origin = navigationStart(traceEvents, main) ?? onMain[0]?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur / 1000 > LONG_TASK_MS);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && causeOf(e) !== null);
    const causes = new Map();
    // Self time: an event's duration less that of the named events directly inside it.
    for (const event of inside) {
      const children = inside.filter(
        (c) => c !== event && c.ts >= event.ts && c.ts + c.dur <= event.ts + event.dur && c.dur < event.dur,
      );
      const direct = children.filter(
        (c) => !children.some((p) => p !== c && c.ts >= p.ts && c.ts + c.dur <= p.ts + p.dur && c.dur < p.dur),
      );
      const self = event.dur - direct.reduce((t, c) => t + c.dur, 0);
      const cause = causeOf(event);
      causes.set(cause, (causes.get(cause) ?? 0) + Math.max(0, self) / 1000);
    }
    const named = [...causes.values()].reduce((t, ms) => t + ms, 0);
    const other = task.dur / 1000 - named;
    if (other > 1) causes.set("other (browser)", other);
    return {
      start: (task.ts - origin) / 1000,
      duration: task.dur / 1000,
      causes: [...causes].sort((a, b) => b[1] - a[1]).map(([cause, ms]) => ({ cause, ms })),
    };
  });
}

/** Blocking time: every long task's time beyond LONG_TASK_MS, summed (as Lighthouse's TBT, over the whole trace). */
export function blockingTime(tasks) {
  return tasks.reduce((total, task) => total + Math.max(0, task.duration - LONG_TASK_MS), 0);
}

/** Blocking time by cause: each task's blocking time shared among its causes in proportion to their time. */
export function blockingByCause(tasks) {
  const byCause = new Map();
  for (const task of tasks) {
    const blocking = Math.max(0, task.duration - LONG_TASK_MS);
    const total = task.causes.reduce((t, c) => t + c.ms, 0) || 1;
    for (const { cause, ms } of task.causes) byCause.set(cause, (byCause.get(cause) ?? 0) + (blocking * ms) / total);
  }
  return [...byCause].sort((a, b) => b[1] - a[1]).map(([cause, ms]) => ({ cause, ms }));
}

/** The page's renderer main thread: the CrRendererMain thread with the most task time. */
function mainThread(traceEvents) {
  const renderers = traceEvents.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  let best = null;
  let bestTime = -1;
  for (const thread of renderers) {
    const time = traceEvents
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === "RunTask")
      .reduce((t, e) => t + (e.dur ?? 0), 0);
    if (time > bestTime) {
      best = { pid: thread.pid, tid: thread.tid };
      bestTime = time;
    }
  }
  return best;
}

function navigationStart(traceEvents, main) {
  // The page's own navigation, not the blank document the tab opened with.
  const starts = traceEvents
    .filter(
      (e) =>
        e.name === "navigationStart" && e.pid === main.pid && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ""),
    )
    .map((e) => e.ts);
  return starts.length > 0 ? Math.max(...starts) : undefined;
}
