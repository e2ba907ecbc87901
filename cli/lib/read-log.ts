/**
 * Which files a validation read, recorded as it reads them: the validation
 * cache (cache.ts) keys a result on exactly these files, so a file that
 * validation reads can never be left out of the key by a list kept by hand.
 * Scoped with AsyncLocalStorage: validations running side by side (the
 * editor) keep separate logs, a log inside another also records into the
 * outer one, and code outside a log records nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { resolve } from "node:path";

/** By absolute path: the SHA-256 of the bytes read, or null for a file looked for and not there. */
export type ReadLog = Map<string, string | null>;

interface Log {
  reads: ReadLog;
  outer?: Log;
}

const current = new AsyncLocalStorage<Log>();

export function digest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Notes that `path` was read (its bytes) or looked for and found missing (null). */
export function recordRead(path: string, bytes: Uint8Array | null): void {
  const innermost = current.getStore();
  if (innermost === undefined) return; // nobody is logging: no hash to compute
  const entry = bytes === null ? null : digest(bytes);
  for (let log: Log | undefined = innermost; log; log = log.outer) log.reads.set(resolve(path), entry);
}

/** Runs `work` with a fresh log and returns both. */
export async function withReadLog<T>(work: () => Promise<T>): Promise<{ value: T; reads: ReadLog }> {
  const reads: ReadLog = new Map();
  const outer = current.getStore();
  const value = await current.run({ reads, ...(outer ? { outer } : {}) }, work);
  return { value, reads };
}
