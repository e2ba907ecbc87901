// Text from outside (a receiver's error, an exception's message) on its way
// into the server's log, which promises no personal data and one line per entry.
import { escapeUnsafe } from "../schemas/characters.ts";

/**
 * An error's message may quote an address (a bounce, a reply, a database
 * error quoting a value): the log shows none. Its control characters (a line
 * break that forges a log line, a terminal escape) and bidi controls are
 * shown escaped, as `\x1b`. At most `max` characters.
 */
export function scrub(message: string, max = 500): string {
  return escapeUnsafe(message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "<address>")).slice(0, max);
}

/**
 * An exception for the log: its name and scrubbed message on the first line,
 * then its stack frames (code locations, no data) as the runtime wrote them.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return scrub(String(error));
  const stack = error.stack ?? "";
  const frames = stack.indexOf("\n    at ");
  return `${error.name}: ${scrub(error.message)}${frames === -1 ? "" : stack.slice(frames)}`;
}
