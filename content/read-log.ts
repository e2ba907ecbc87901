/**
 * Which files a validation read, recorded as it reads them: the validation
 * cache (cache.ts) keys a result on exactly these files, so a file that
 * validation reads can never be left out of the key by a list kept by hand.
 * Scoped with AsyncLocalStorage (schemas/scoped-log.ts, the mechanism the
 * build's page reads share): validations running side by side (the editor)
 * keep separate logs, a log inside another also records into the outer one,
 * and code outside a log records nothing.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { ScopedLog } from "../schemas/scoped-log.ts";

/** By absolute path: the SHA-256 of the bytes read, or null for a file looked for and not there. */
export type ReadLog = Map<string, string | null>;

const files = new ScopedLog<string | null>();

export function digest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Notes that `path` was read (its bytes) or looked for and found missing (null). */
export function recordRead(path: string, bytes: Uint8Array | null): void {
  // Nobody logging: no hash to compute.
  files.record(resolve(path), () => (bytes === null ? null : digest(bytes)));
}

/** Runs `work` with a fresh log and returns both. */
export async function withReadLog<T>(work: () => Promise<T>): Promise<{ value: T; reads: ReadLog }> {
  const { value, entries } = await files.run(work);
  return { value, reads: entries };
}
