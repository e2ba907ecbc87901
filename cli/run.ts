// Entry point when run as a process (bin/content.mjs bundles this file).
import { createInterface } from "node:readline/promises";
import { main } from "./index.ts";
import type { CliIO } from "./io.ts";

/** A yes/no question on the terminal: only "y" or "yes" is yes. */
async function confirm(question: string): Promise<boolean> {
  const readline = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await readline.question(`${question} [y/N] `)).trim());
  } finally {
    readline.close();
  }
}

/**
 * A stream whose reader may leave: `validate | head` closes the pipe after ten
 * lines. Like git and rg, the CLI then stops writing and ends quietly (no
 * stack trace), with the exit code of what it did.
 */
function leavable(stream: NodeJS.WriteStream): CliIO["stdout"] {
  let gone = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") {
      gone = true;
      return;
    }
    throw error;
  });
  return {
    write: (text: string) => gone || stream.write(text),
    isTTY: stream.isTTY,
  };
}

const io: CliIO = { stdout: leavable(process.stdout), stderr: leavable(process.stderr), env: process.env };
if (process.stdin.isTTY && process.stderr.isTTY) io.confirm = confirm;
const code = await main(process.argv.slice(2), io);
process.exitCode = code;
