// Text from outside (a receiver's error, an exception's message) on its way
// into the server's log, which promises no personal data and one line per entry.

/**
 * An error's message may quote an address (a bounce, a reply, a database
 * error quoting a value): the log shows none. Its control characters (a line
 * break that forges a log line, a terminal escape) and bidi controls are
 * shown escaped, as `\x1b`. At most `max` characters.
 */
export function scrub(message: string, max = 500): string {
  return message
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "<address>")
    .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu, (char) => {
      const code = char.codePointAt(0) ?? 0;
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    })
    .slice(0, max);
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
