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

const io: CliIO = { stdout: process.stdout, stderr: process.stderr, env: process.env };
if (process.stdin.isTTY && process.stderr.isTTY) io.confirm = confirm;
const code = await main(process.argv.slice(2), io);
process.exitCode = code;
