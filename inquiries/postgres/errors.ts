import { StoreBusyError } from "../store.ts";

/** Node's socket errors when the database cannot be reached (down, restarting, wrong host). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that mean "try again shortly", not "this request is wrong":
 * connection exceptions (08…), too many connections, the server shutting
 * down or starting, a lock wait over `lock_timeout`, serialization failures
 * and deadlocks.
 */
function isTransientState(code: string): boolean {
  return (
    code.startsWith("08") || ["53300", "57P01", "57P02", "57P03", "55P03", "40001", "40P01", "57014"].includes(code)
  );
}

/** pg's own messages for a pool that could not connect in time, a connection that died, or one that stopped answering (query_timeout). */
const TRANSIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Connection ended|connect ETIMEDOUT|Client has encountered a connection error|Query read timeout/i;

export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || isTransientState(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isTransient);
  return TRANSIENT_MESSAGES.test(error.message);
}

/** Runs a database call; an unreachable or overloaded database becomes StoreBusyError (a 503 to retry). */
export async function busyOnTransient<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isTransient(error) ? new StoreBusyError(error) : error;
  }
}
