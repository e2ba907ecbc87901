import { describe, expect, it } from "vitest";
import { blockingByCause, blockingTime, longTasks } from "../../scripts/lib/long-tasks.js";

// A trace in the shape Chromium writes (µs), on one renderer main thread.
const pid = 7;
const tid = 1;
const thread = { ph: "M", name: "thread_name", pid, tid, args: { name: "CrRendererMain" } };
const other = { ph: "M", name: "thread_name", pid: 9, tid: 1, args: { name: "CrRendererMain" } };
const nav = {
  ph: "I",
  name: "navigationStart",
  pid,
  tid,
  ts: 1_000_000,
  args: { data: { documentLoaderURL: "http://h/" } },
};
const blank = { ph: "I", name: "navigationStart", pid, tid, ts: 10, args: { data: { documentLoaderURL: "" } } };
const x = (name: string, ts: number, dur: number, args: object = {}, at = { pid, tid }) => ({
  ph: "X",
  name,
  ts,
  dur,
  args,
  ...at,
});
const ms = 1000;

describe("long tasks of a trace", () => {
  const cases: [string, object[], { start: number; duration: number; causes: [string, number][] }[]][] = [
    ["a short task is not long", [x("RunTask", 1_010_000, 50 * ms)], []],
    [
      "a script's call, with its file and function; the rest is the browser's",
      [
        x("RunTask", 1_100_000, 120 * ms),
        x("FunctionCall", 1_100_000, 100 * ms, {
          data: { url: "http://h/assets/entries/after-paint.js", functionName: "start" },
        }),
      ],
      [
        {
          start: 100,
          duration: 120,
          causes: [
            ["run after-paint.js start()", 100],
            ["other (browser)", 20],
          ],
        },
      ],
    ],
    [
      "self time: a layout inside a call is the layout's, not the call's",
      [
        x("RunTask", 1_000_000, 90 * ms),
        x("FunctionCall", 1_000_000, 90 * ms, { data: { url: "http://h/assets/chunks/chunk-a.js" } }),
        x("Layout", 1_010_000, 60 * ms),
      ],
      [
        {
          start: 0,
          duration: 90,
          causes: [
            ["layout", 60],
            ["run chunk-a.js", 30],
          ],
        },
      ],
    ],
    [
      "another renderer's tasks are not the page's",
      [x("RunTask", 1_000_000, 300 * ms, {}, { pid: 9, tid: 1 }), x("RunTask", 1_000_000, 400 * ms)],
      [{ start: 0, duration: 400, causes: [["other (browser)", 400]] }],
    ],
  ];
  it.each(cases)("%s", (_name, events, expected) => {
    const tasks = longTasks([thread, other, blank, nav, ...events]);
    expect(
      tasks.map((t) => ({ start: t.start, duration: t.duration, causes: t.causes.map((c) => [c.cause, c.ms]) })),
    ).toEqual(expected);
  });

  it("blocking time is each long task's time beyond 50 ms, shared among its causes", () => {
    const tasks = longTasks([
      thread,
      nav,
      x("RunTask", 1_000_000, 150 * ms),
      x("UpdateLayoutTree", 1_000_000, 150 * ms),
      x("RunTask", 1_200_000, 70 * ms),
      x("v8.evaluateModule", 1_200_000, 35 * ms),
      x("RunMicrotasks", 1_235_000, 35 * ms),
    ]);
    expect(blockingTime(tasks)).toBe(100 + 20);
    expect(blockingByCause(tasks)).toEqual([
      { cause: "style", ms: 100 },
      { cause: "evaluate a module", ms: 10 },
      { cause: "promise callbacks", ms: 10 },
    ]);
  });
});
