export const LONG_TASK_MS: number;
export interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  args?: Record<string, unknown>;
}
export interface LongTask {
  /** ms after the page's navigation started */
  start: number;
  duration: number;
  causes: { cause: string; ms: number }[];
}
export function longTasks(traceEvents: readonly object[]): LongTask[];
export function blockingTime(tasks: readonly LongTask[]): number;
export function blockingByCause(tasks: readonly LongTask[]): { cause: string; ms: number }[];
