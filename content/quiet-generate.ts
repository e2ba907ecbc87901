// The `generate` that `npm run build` runs, with nothing changed since its
// last clean run (run-fingerprint.ts), answered before the CLI is loaded:
// its schemas and parsers were half of such a run (0.3 s of 0.6 s at 10,000
// articles). bin/content.mjs bundles this file as an entry of its own, asks
// it first for `generate` with no option, and runs the CLI when it answers
// false; the CLI's generate command (cli/commands/generate.ts) asks the same
// memory with the same defaults, so both say the same.
import { runMemory } from "./run-fingerprint.ts";

/** `generate`'s defaults, shared with cli/commands/generate.ts. */
export const GENERATE_DEFAULTS = { data: "data", out: "site/generated", format: "pretty" } as const;

/** What `generate` reads besides `data`: the images of site/public that validate checks (cover and body images). */
export const GENERATE_READS_TOO = ["site/public"] as const;

/** The memory of a `generate` run with these options. */
export function generateMemory(options: { data: string; out: string; format: string }) {
  return runMemory(`generate ${options.format}`, [options.data, ...GENERATE_READS_TOO], options.out);
}

/** When `args` are `generate` alone and nothing changed: prints what the last run said and answers true. */
export function quietGenerate(args: readonly string[]): boolean {
  if (args.length !== 1 || args[0] !== "generate") return false;
  const said = generateMemory(GENERATE_DEFAULTS).unchanged();
  if (said === undefined) return false;
  process.stdout.write(said);
  return true;
}
