import { StoreBusyError } from "../store.ts";

/**
 * Runs a write; while another connection holds the lock, tries again after
 * short timer waits (the event loop keeps serving) for up to `busyWaitMs`,
 * then gives up with StoreBusyError. SQLite's own busy handler would sleep
 * inside the call and stall every request, static pages included.
 */
export async function retryWhileBusy<T>(run: () => T, busyWaitMs: number): Promise<T> {
  const deadline = Date.now() + busyWaitMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      return run();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new StoreBusyError(error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left)));
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
